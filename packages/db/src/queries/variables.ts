import { type SQL, and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, transaction, storeTurn } from "../client.ts";
import type { variableDefinitions, variableOverrides } from "../schema/index.ts";
import { patternIdsOfCustomer } from "./patterns.ts";
import { allRows, first, returnedRow, tablesOf } from "../store.ts";

export type VariableDefinitionRow = typeof variableDefinitions.$inferSelect;
export type VariableOverrideRow = typeof variableOverrides.$inferSelect;

/** A definition of one of the customer's patterns. */
export async function findVariableDefinition(
  db: Db,
  customerId: number,
  id: number,
): Promise<VariableDefinitionRow | undefined> {
  await storeTurn(db);
  const { variableDefinitions } = tablesOf(db);
  return first(
    await db
      .select()
      .from(variableDefinitions)
      .where(
        and(
          eq(variableDefinitions.id, id),
          inArray(variableDefinitions.patternId, patternIdsOfCustomer(db, customerId)),
        ),
      ),
  );
}

export interface VariableCascadeRequest {
  customerId: number;
  /** One pattern (e.g. the instance's), else every pattern of the customer. */
  patternId?: number;
  /** The project whose overrides (at any level) apply; none: definitions only. */
  projectId?: number;
}

/**
 * What `resolveVariables` / `resolveEach` (@metabuild/core) need for one
 * project: the definitions by pattern then id, and every override of them in
 * the project (project, folder and instance level alike).
 */
export async function loadVariableCascade(
  db: Db,
  r: VariableCascadeRequest,
): Promise<{ definitions: VariableDefinitionRow[]; overrides: VariableOverrideRow[] }> {
  await storeTurn(db);
  const { variableDefinitions, variableOverrides } = tablesOf(db);
  const d = variableDefinitions;
  const where: SQL[] = [inArray(d.patternId, patternIdsOfCustomer(db, r.customerId))];
  if (r.patternId !== undefined) where.push(eq(d.patternId, r.patternId));
  const definitions = await db
    .select()
    .from(d)
    .where(and(...where))
    .orderBy(asc(d.patternId), asc(d.id));
  if (r.projectId === undefined || definitions.length === 0) return { definitions, overrides: [] };
  const overrides = await db
    .select()
    .from(variableOverrides)
    .where(
      and(
        eq(variableOverrides.projectId, r.projectId),
        inArray(
          variableOverrides.variableId,
          db
            .select({ id: d.id })
            .from(d)
            .where(and(...where)),
        ),
      ),
    );
  return { definitions, overrides };
}

/**
 * A folder and its ancestors, nearest first, up to the root: the cascade's
 * `folderChain` (ids) and the paths the answer names.
 */
export async function folderChain(
  db: Db,
  folderId: number,
): Promise<{ id: number; path: string }[]> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return await allRows<{ id: number; path: string }>(
    db,
    sql`
    with recursive chain(id, parent_id, path, depth) as (
      select id, parent_id, path, 0 from ${instanceFolders} where id = ${folderId}
      union all
      select f.id, f.parent_id, f.path, chain.depth + 1
        from ${instanceFolders} f join chain on f.id = chain.parent_id
        where chain.depth < 1000
    )
    select id, path from chain order by depth`,
  );
}

export interface InstanceScopeRow {
  id: number;
  patternId: number;
  instanceFolderId: number;
  folder: string;
}

/** Instances of a project named `name`, optionally in one folder and of one pattern. */
export async function findInstancesNamed(
  db: Db,
  f: { projectId: number; name: string; folderId?: number; patternId?: number },
): Promise<InstanceScopeRow[]> {
  await storeTurn(db);
  const { instanceFolders, instances } = tablesOf(db);
  const where: SQL[] = [eq(instances.projectId, f.projectId), eq(instances.name, f.name)];
  if (f.folderId !== undefined) where.push(eq(instances.instanceFolderId, f.folderId));
  if (f.patternId !== undefined) where.push(eq(instances.patternId, f.patternId));
  return await db
    .select({
      id: instances.id,
      patternId: instances.patternId,
      instanceFolderId: instances.instanceFolderId,
      folder: instanceFolders.path,
    })
    .from(instances)
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(and(...where))
    .orderBy(asc(instances.id));
}

/** One place of a value: the project level has neither folder nor instance. */
export interface OverridePlace {
  variableId: number;
  projectId: number;
  instanceFolderId: number | null;
  instanceId: number | null;
}

function placeIs(db: Db, p: OverridePlace): SQL | undefined {
  const o = tablesOf(db).variableOverrides;
  return and(
    eq(o.variableId, p.variableId),
    eq(o.projectId, p.projectId),
    p.instanceFolderId === null
      ? isNull(o.instanceFolderId)
      : eq(o.instanceFolderId, p.instanceFolderId),
    p.instanceId === null ? isNull(o.instanceId) : eq(o.instanceId, p.instanceId),
  );
}

/**
 * Sets the value at one place, replacing what was there. SQLite's unique index
 * treats NULLs as distinct, so it cannot keep one project-level row: the
 * replace runs in one transaction instead.
 */
export async function setVariableOverride(
  db: Db,
  place: OverridePlace,
  value: string,
): Promise<VariableOverrideRow> {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  return await transaction(db, async () => {
    await db.delete(variableOverrides).where(placeIs(db, place));
    return returnedRow(
      await db
        .insert(variableOverrides)
        .values({ ...place, value })
        .returning(),
    );
  });
}

/** The value set at one place, if any (the audit log's "before"). */
export async function findVariableOverride(
  db: Db,
  place: OverridePlace,
): Promise<VariableOverrideRow | undefined> {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  return first(await db.select().from(variableOverrides).where(placeIs(db, place)));
}

/** Removes the value at one place; the removed row, or undefined when none was set. */
export async function removeVariableOverride(
  db: Db,
  place: OverridePlace,
): Promise<VariableOverrideRow | undefined> {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  return await transaction(db, async () => {
    const rows = await db.delete(variableOverrides).where(placeIs(db, place)).returning();
    return rows[rows.length - 1];
  });
}

/** Gives instance `to` the instance-level values of `from` (a copy of an instance). */
export async function copyInstanceOverrides(db: Db, from: number, to: number): Promise<number> {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  const rows = await db
    .select()
    .from(variableOverrides)
    .where(eq(variableOverrides.instanceId, from));
  if (rows.length === 0) return 0;
  await db
    .insert(variableOverrides)
    .values(rows.map(({ id: _id, ...r }) => ({ ...r, instanceId: to })));
  return rows.length;
}
