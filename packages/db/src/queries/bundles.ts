import {
  type SQL,
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  notInArray,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import {
  agentGroups,
  agents,
  customTables,
  customViews,
  customers,
  deployments,
  functionalRoles,
  instanceProperties,
  patterns,
  projects,
  releaseGroups,
  releases,
  users,
  variableDefinitions,
  variableOverrides,
} from "../schema/index.ts";
import { nextTurn, storeTurn } from "../client.ts";
import { first, returnedRow, runStatement, sqlOf, tablesOf } from "../store.ts";

/**
 * The statements of bundle import and export (apps/server/src/bundle/*).
 * Import is an upsert keyed by names: each record is found by its key
 * columns, then updated in place or inserted, so ids stay stable and a
 * second import of the same file leaves every row as it was.
 */

export type IdTable = SQLiteTable & { id: SQLiteColumn };

/** Finds the row of `table` whose columns equal `key` (null matches NULL), updates it with `values` or inserts both; returns its id. */
export async function upsertByKey<T extends IdTable>(
  db: Db,
  table: T,
  key: Partial<T["$inferInsert"]>,
  values: Partial<T["$inferInsert"]> = {},
): Promise<number> {
  await storeTurn(db);
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const where = and(
    ...Object.entries(key).map(([field, value]) => {
      const column = columns[field] as SQLiteColumn;
      return value === null ? isNull(column) : eq(column, value);
    }),
  );
  const found = first(
    await db
      .select({ id: table.id })
      .from(table as SQLiteTable)
      .where(where),
  ) as { id: number } | undefined;
  if (found) {
    const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length > 0)
      await db
        .update(table)
        .set(changes as never)
        .where(eq(table.id, found.id));
    return found.id;
  }
  return (
    returnedRow(
      await db
        .insert(table)
        .values({ ...key, ...values } as never)
        .returning({ id: table.id }),
    ) as { id: number }
  ).id;
}

/**
 * Names one statement of a set-based write inserts: a few milliseconds of
 * work each. They travel as one JSON parameter: Drizzle builds a statement
 * of 500 `values` rows in about 40 ms, the store inserts them in 1.
 */
const INSERT_CHUNK = 2_000;

/**
 * Adds the names a release group lacks, in the order given (a name given
 * twice once), INSERT_CHUNK per statement with a turn of the event loop
 * between them; releases not named are kept. Answers how many were added.
 */
export async function addReleases(
  db: Db,
  releaseGroupId: number,
  names: readonly string[],
): Promise<number> {
  await storeTurn(db);
  const { releases } = tablesOf(db);
  const stored = await db
    .select({ name: releases.name })
    .from(releases)
    .where(eq(releases.releaseGroupId, releaseGroupId));
  const have = new Set(stored.map((r) => r.name));
  const missing = [...new Set(names)].filter((name) => !have.has(name));
  for (let i = 0; i < missing.length; i += INSERT_CHUNK) {
    if (i > 0) await nextTurn();
    await storeTurn(db);
    const list = JSON.stringify(missing.slice(i, i + INSERT_CHUNK));
    await runStatement(
      db,
      sql`insert into ${releases} (release_group_id, name)
        select cast(${releaseGroupId} as integer), value from ${sqlOf(db).jsonTexts(list)} order by key`,
    );
  }
  return missing.length;
}

export const bundleTables = {
  customers,
  users,
  projects,
  releaseGroups,
  releases,
  patterns,
  instanceProperties,
  functionalRoles,
  variableDefinitions,
  variableOverrides,
  deployments,
  customTables,
  customViews,
  agentGroups,
  agents,
} as const;

/** Sets a user's permissions on one project to exactly `permissions`. */
export async function replaceGrants(
  db: Db,
  userId: number,
  projectId: number,
  permissions: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { grants } = tablesOf(db);
  const where = and(eq(grants.userId, userId), eq(grants.projectId, projectId));
  if (permissions.length === 0) {
    await db.delete(grants).where(where);
    return;
  }
  await db.delete(grants).where(and(where, notInArray(grants.permission, [...permissions])));
  await db
    .insert(grants)
    .values(permissions.map((permission) => ({ userId, projectId, permission })))
    .onConflictDoNothing();
}

/** Marks the pattern's properties (or roles) not named in `keep` deleted: rows may still hold their cells. */
export async function markOtherColumnsDeleted(
  db: Db,
  kind: "properties" | "roles",
  patternId: number,
  keep: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { functionalRoles, instanceProperties } = tablesOf(db);
  const table = kind === "properties" ? instanceProperties : functionalRoles;
  const conditions: SQL[] = [eq(table.patternId, patternId), eq(table.deleted, 0)];
  if (keep.length > 0) conditions.push(notInArray(table.name, [...keep]));
  await db
    .update(table)
    .set({ deleted: 1 })
    .where(and(...conditions));
}

export async function listTemplatesOf(db: Db, patternId: number) {
  await storeTurn(db);
  const { templates } = tablesOf(db);
  return await db
    .select()
    .from(templates)
    .where(eq(templates.patternId, patternId))
    .orderBy(asc(templates.posNo), asc(templates.id));
}

/** Replaces a pattern's templates (they have no name to key them by). */
export async function replaceTemplates(
  db: Db,
  patternId: number,
  list: readonly { path: string; body: string }[],
): Promise<void> {
  await storeTurn(db);
  const { templates } = tablesOf(db);
  await db.delete(templates).where(eq(templates.patternId, patternId));
  if (list.length === 0) return;
  await db
    .insert(templates)
    .values(list.map((t, i) => ({ patternId, path: t.path, body: t.body, posNo: i + 1 })));
}

export async function listOverridesOfProject(db: Db, projectId: number) {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  // In id order: PostgreSQL answers an updated row last without one (docs/stores.md).
  return await db
    .select()
    .from(variableOverrides)
    .where(eq(variableOverrides.projectId, projectId))
    .orderBy(asc(variableOverrides.id));
}

export async function deleteOverrides(db: Db, ids: readonly number[]): Promise<void> {
  await storeTurn(db);
  const { variableOverrides } = tablesOf(db);
  if (ids.length === 0) return;
  await db.delete(variableOverrides).where(inArray(variableOverrides.id, [...ids]));
}

export async function listTableRows(db: Db, tableId: number): Promise<string[]> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  return (
    await db
      .select({ data: customTableRows.data })
      .from(customTableRows)
      .where(eq(customTableRows.tableId, tableId))
      .orderBy(asc(customTableRows.id))
  ).map((r) => r.data);
}

export async function replaceTableRows(
  db: Db,
  tableId: number,
  rows: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  await db.delete(customTableRows).where(eq(customTableRows.tableId, tableId));
  if (rows.length === 0) return;
  await db.insert(customTableRows).values(rows.map((data) => ({ tableId, data })));
}

export async function findAgentByName(db: Db, customerId: number, name: string) {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  return first(
    await db
      .select()
      .from(agents)
      .where(and(eq(agents.customerId, customerId), eq(agents.name, name))),
  );
}

export async function findReleaseGroupIdByName(
  db: Db,
  customerId: number,
  name: string,
): Promise<number | undefined> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  return first(
    await db
      .select({ id: releaseGroups.id })
      .from(releaseGroups)
      .where(and(eq(releaseGroups.customerId, customerId), eq(releaseGroups.name, name))),
  )?.id;
}

export async function findVariableDefinitionId(
  db: Db,
  patternId: number,
  name: string,
): Promise<number | undefined> {
  await storeTurn(db);
  const { variableDefinitions } = tablesOf(db);
  return first(
    await db
      .select({ id: variableDefinitions.id })
      .from(variableDefinitions)
      .where(and(eq(variableDefinitions.patternId, patternId), eq(variableDefinitions.name, name))),
  )?.id;
}
