import type { PatternConstraint } from "@metabuild/contract";
import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { functionalRoles, instanceProperties, patterns } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { first, isPostgres, tablesOf } from "../store.ts";

export type PatternRow = typeof patterns.$inferSelect;
export type FunctionalRoleRow = typeof functionalRoles.$inferSelect;
export type InstancePropertyRow = typeof instanceProperties.$inferSelect;

export async function findPatternById(
  db: Db,
  customerId: number,
  id: number,
): Promise<PatternRow | undefined> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  return await prepared(db, "findPatternById", () =>
    db
      .select()
      .from(patterns)
      .where(
        and(
          eq(patterns.id, sql.placeholder("id")),
          eq(patterns.customerId, sql.placeholder("customerId")),
        ),
      )
      .prepare(),
  ).get({ id, customerId });
}

export async function findPatternByName(
  db: Db,
  customerId: number,
  name: string,
): Promise<PatternRow | undefined> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  return first(
    await db
      .select()
      .from(patterns)
      .where(and(eq(patterns.name, name), eq(patterns.customerId, customerId))),
  );
}

/** Ids of the customer's patterns, as a subquery: pattern-owned rows are customer-wide. */
export function patternIdsOfCustomer(db: Db, customerId: number) {
  const { patterns } = tablesOf(db);
  return db.select({ id: patterns.id }).from(patterns).where(eq(patterns.customerId, customerId));
}

export interface PatternFilter extends PageRequest {
  customerId: number;
  name?: string;
}

export async function listPatterns(
  db: Db,
  f: PatternFilter,
): Promise<Page<PatternRow> | { unknownField: string }> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  const where: SQL[] = [eq(patterns.customerId, f.customerId)];
  if (f.name !== undefined) where.push(eq(patterns.name, f.name));
  const sortable = {
    id: patterns.id,
    name: patterns.name,
    description: patterns.description,
    type: patterns.type,
    vers_no: patterns.versNo,
    status: patterns.status,
    active: patterns.active,
    deleted: patterns.deleted,
    disabled: patterns.disabled,
    release_group_id: patterns.releaseGroupId,
  };
  return await selectPage(db, patterns, and(...where), f, sortable, patterns.id);
}

/** Lists of rows owned by a pattern: the customer's, optionally one pattern's, never deleted. */
export interface PatternPartFilter extends PageRequest {
  customerId: number;
  patternId?: number;
}

/** The parts a pattern owns (roles, properties): rows with a patternId and a deleted flag. */
type PatternPartTable = typeof functionalRoles | typeof instanceProperties;

/** The filter of PatternPartFilter on one part table. */
function partsWhere(db: Db, t: PatternPartTable, f: PatternPartFilter): SQL | undefined {
  const where: SQL[] = [
    inArray(t.patternId, patternIdsOfCustomer(db, f.customerId)),
    eq(t.deleted, 0),
  ];
  if (f.patternId !== undefined) where.push(eq(t.patternId, f.patternId));
  return and(...where);
}

/** One part by id, if it belongs to one of the customer's patterns (deleted ones too). */
function partOfCustomer(db: Db, t: PatternPartTable, customerId: number, id: number) {
  return and(eq(t.id, id), inArray(t.patternId, patternIdsOfCustomer(db, customerId)));
}

export async function listFunctionalRoles(
  db: Db,
  f: PatternPartFilter,
): Promise<Page<FunctionalRoleRow> | { unknownField: string }> {
  await storeTurn(db);
  const { functionalRoles } = tablesOf(db);
  const t = functionalRoles;
  const sortable = {
    id: t.id,
    pattern_id: t.patternId,
    name: t.name,
    class: t.class,
    domain: t.domain,
    cardinality_min: t.cardinalityMin,
    cardinality_max: t.cardinalityMax,
    pos_no: t.posNo,
    deleted: t.deleted,
    disabled: t.disabled,
    readonly: t.readonly,
    merge_strategy: t.mergeStrategy,
  };
  return await selectPage(db, t, partsWhere(db, t, f), f, sortable, t.id);
}

export async function findFunctionalRole(
  db: Db,
  customerId: number,
  id: number,
): Promise<FunctionalRoleRow | undefined> {
  await storeTurn(db);
  const { functionalRoles } = tablesOf(db);
  return first(
    await db
      .select()
      .from(functionalRoles)
      .where(partOfCustomer(db, functionalRoles, customerId, id)),
  );
}

export async function listInstanceProperties(
  db: Db,
  f: PatternPartFilter,
): Promise<Page<InstancePropertyRow> | { unknownField: string }> {
  await storeTurn(db);
  const { instanceProperties } = tablesOf(db);
  const t = instanceProperties;
  const sortable = {
    id: t.id,
    pattern_id: t.patternId,
    name: t.name,
    datatype: t.datatype,
    format: t.format,
    description: t.description,
    deleted: t.deleted,
    required: t.required,
    pos_no: t.posNo,
  };
  return await selectPage(db, t, partsWhere(db, t, f), f, sortable, t.id);
}

export async function findInstanceProperty(
  db: Db,
  customerId: number,
  id: number,
): Promise<InstancePropertyRow | undefined> {
  await storeTurn(db);
  const { instanceProperties } = tablesOf(db);
  return first(
    await db
      .select()
      .from(instanceProperties)
      .where(partOfCustomer(db, instanceProperties, customerId, id)),
  );
}

/** The two statements of a pattern's columns, prepared once per store. */
function patternColumnStatements(db: Db) {
  const { functionalRoles, instanceProperties } = tablesOf(db);
  // Prepared once per store: writers and renderers ask for this per instance.
  const properties = prepared(db, "patternProperties", () =>
    db
      .select()
      .from(instanceProperties)
      .where(
        and(
          eq(instanceProperties.patternId, sql.placeholder("patternId")),
          eq(instanceProperties.deleted, 0),
        ),
      )
      .orderBy(asc(instanceProperties.posNo), asc(instanceProperties.id))
      .prepare(),
  );
  const roles = prepared(db, "patternRoles", () =>
    db
      .select()
      .from(functionalRoles)
      .where(
        and(
          eq(functionalRoles.patternId, sql.placeholder("patternId")),
          eq(functionalRoles.deleted, 0),
        ),
      )
      .orderBy(asc(functionalRoles.posNo), asc(functionalRoles.id))
      .prepare(),
  );
  return { properties, roles };
}

/**
 * The columns of a pattern's instance metadata: its non-deleted properties and
 * roles, each by `pos_no` then id (the order of the detail form's header).
 * Synchronous, so SQLite only (the metadata catalog reads it while it
 * translates); `loadPatternColumns` answers the same on both stores.
 */
export function patternColumns(
  db: Db,
  patternId: number,
): { properties: InstancePropertyRow[]; roles: FunctionalRoleRow[] } {
  if (isPostgres(db))
    throw new Error("patternColumns is synchronous (SQLite only): use loadPatternColumns");
  const { properties, roles } = patternColumnStatements(db);
  return { properties: properties.all({ patternId }), roles: roles.all({ patternId }) };
}

/** `patternColumns` on either store. */
export async function loadPatternColumns(
  db: Db,
  patternId: number,
): Promise<{ properties: InstancePropertyRow[]; roles: FunctionalRoleRow[] }> {
  await storeTurn(db);
  const { properties, roles } = patternColumnStatements(db);
  return {
    properties: await properties.all({ patternId }),
    roles: await roles.all({ patternId }),
  };
}

/** The constraints a pattern row stores (docs/pattern-constraints.md); none when null. */
export function constraintsOf(pattern: Pick<PatternRow, "constraints">): PatternConstraint[] {
  return pattern.constraints ? (JSON.parse(pattern.constraints) as PatternConstraint[]) : [];
}

/** A pattern's constraints by id, for validations that have no pattern row at hand. */
export async function patternConstraints(db: Db, patternId: number): Promise<PatternConstraint[]> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  const row = await prepared(db, "patternConstraints", () =>
    db
      .select({ constraints: patterns.constraints })
      .from(patterns)
      .where(eq(patterns.id, sql.placeholder("patternId")))
      .prepare(),
  ).get({ patternId });
  return row ? constraintsOf(row) : [];
}

/** Stores a pattern's constraints; an empty list is stored as none. */
export async function setPatternConstraints(
  db: Db,
  patternId: number,
  constraints: readonly PatternConstraint[],
): Promise<void> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  await db
    .update(patterns)
    .set({ constraints: constraints.length === 0 ? null : JSON.stringify(constraints) })
    .where(eq(patterns.id, patternId));
}
