import { type CustomColumn, type SqlValue, findByName } from "@metabuild/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, nextTurn, transaction, storeTurn } from "../client.ts";
import type { customTables } from "../schema/index.ts";
import { prepared } from "./prepared.ts";
import {
  changedRows,
  first,
  isPostgres,
  returnedRow,
  runStatement,
  sqlOf,
  tablesOf,
} from "../store.ts";

/**
 * Custom metadata tables (`@TABLES.<name>`): a definition per project in
 * `custom_tables` (columns as JSON) and one JSON object per row in
 * `custom_table_rows`. Rows are written only through these functions, with
 * values already computed and checked by the statement that asked.
 */

export interface CustomTable {
  id: number;
  name: string;
  columns: CustomColumn[];
}

// SQLite limits bound parameters per statement; writes go in chunks.
const CHUNK = 250;

function toCustomTable(row: typeof customTables.$inferSelect): CustomTable {
  return { id: row.id, name: row.name, columns: JSON.parse(row.columns) as CustomColumn[] };
}

export function listCustomTables(db: Db, projectId: number): CustomTable[] {
  const { customTables } = tablesOf(db);
  return prepared(db, "metadata:custom-tables", () =>
    db
      .select()
      .from(customTables)
      .where(eq(customTables.projectId, sql.placeholder("projectId")))
      .orderBy(asc(customTables.name))
      .prepare(),
  )
    .all({ projectId })
    .map(toCustomTable);
}

/**
 * The project's custom tables on either store (listCustomTables is SQLite's
 * synchronous form, for the catalog the translator reads while it works).
 */
export async function customTablesOf(db: Db, projectId: number): Promise<CustomTable[]> {
  if (!isPostgres(db)) return listCustomTables(db, projectId);
  const { customTables } = tablesOf(db);
  const rows = await db
    .select()
    .from(customTables)
    .where(eq(customTables.projectId, projectId))
    .orderBy(sql`${customTables.name} collate "C"`);
  return rows.map(toCustomTable);
}

export async function createCustomTable(
  db: Db,
  projectId: number,
  name: string,
  columns: CustomColumn[],
): Promise<CustomTable> {
  await storeTurn(db);
  const { customTables } = tablesOf(db);
  const row = returnedRow(
    await db
      .insert(customTables)
      .values({ projectId, name, columns: JSON.stringify(columns) })
      .returning(),
  );
  return toCustomTable(row);
}

/** Drops a table with its rows (they cascade). */
export async function dropCustomTable(db: Db, tableId: number): Promise<void> {
  await storeTurn(db);
  const { customTableRows, customTables } = tablesOf(db);
  await db.delete(customTableRows).where(eq(customTableRows.tableId, tableId));
  await db.delete(customTables).where(eq(customTables.id, tableId));
}

export async function insertCustomRows(
  db: Db,
  tableId: number,
  rows: readonly Record<string, SqlValue>[],
): Promise<number> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  for (let i = 0; i < rows.length; i += CHUNK) {
    // A load of many rows lets other requests in between statements (docs/limits.md "Cost of one request").
    if (i > 0) await nextTurn();
    await storeTurn(db);
    // The rows' JSON texts as one parameter: a Drizzle `values` list of 500 rows took 40 ms to build.
    const texts = JSON.stringify(rows.slice(i, i + CHUNK).map((r) => JSON.stringify(r)));
    await runStatement(
      db,
      sql`insert into ${customTableRows} (table_id, data)
        select cast(${tableId} as integer), value from ${sqlOf(db).jsonTexts(texts)} order by key`,
    );
  }
  return rows.length;
}

/** Sets the given cells of each row; other cells keep their values. */
export async function updateCustomRows(
  db: Db,
  tableId: number,
  updates: readonly { id: number; values: Record<string, SqlValue> }[],
): Promise<number> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  let changed = 0;
  for (const u of updates) {
    const pairs = Object.entries(u.values).flatMap(([name, value]) => [
      sql`${`$."${name}"`}`,
      sql`${value}`,
    ]);
    if (pairs.length === 0) continue;
    const where = and(eq(customTableRows.tableId, tableId), eq(customTableRows.id, u.id));
    if (isPostgres(db)) {
      // jsonb_set would reorder the object's keys: merge here, keeping SQLite's order.
      const row = first(
        await db.select({ data: customTableRows.data }).from(customTableRows).where(where),
      );
      if (!row) continue;
      const data = { ...(JSON.parse(row.data) as Record<string, SqlValue>), ...u.values };
      changed += changedRows(
        await db
          .update(customTableRows)
          .set({ data: JSON.stringify(data) })
          .where(where),
      );
      continue;
    }
    changed += changedRows(
      await db
        .update(customTableRows)
        .set({ data: sql`json_set(${customTableRows.data}, ${sql.join(pairs, sql`, `)})` })
        .where(where),
    );
  }
  return changed;
}

export async function deleteCustomRows(
  db: Db,
  tableId: number,
  ids: readonly number[],
): Promise<number> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  let changed = 0;
  for (let i = 0; i < ids.length; i += CHUNK)
    changed += changedRows(
      await db
        .delete(customTableRows)
        .where(
          and(
            eq(customTableRows.tableId, tableId),
            inArray(customTableRows.id, ids.slice(i, i + CHUNK)),
          ),
        ),
    );
  return changed;
}

/** The project's custom table by name (ASCII case-insensitive, as the dialect compares). */
export async function findCustomTable(
  db: Db,
  projectId: number,
  name: string,
): Promise<CustomTable | undefined> {
  await storeTurn(db);
  return findByName(await customTablesOf(db, projectId), name, (t) => t.name);
}

/**
 * Replaces a project's custom table with these columns and rows in one
 * transaction, creating it when missing: readers see the old table or the
 * new one, never a half-written one. Used by table loading (mode replace)
 * and harvesting. Returns the table and whether it existed before.
 */
export async function replaceCustomTable(
  db: Db,
  projectId: number,
  name: string,
  columns: CustomColumn[],
  rows: readonly Record<string, SqlValue>[],
): Promise<{ table: CustomTable; replaced: boolean }> {
  await storeTurn(db);
  const { customTableRows, customTables } = tablesOf(db);
  return await transaction(db, async () => {
    const found = await findCustomTable(db, projectId, name);
    let table: CustomTable;
    if (found) {
      await db.delete(customTableRows).where(eq(customTableRows.tableId, found.id));
      await db
        .update(customTables)
        .set({ name, columns: JSON.stringify(columns) })
        .where(eq(customTables.id, found.id));
      table = { id: found.id, name, columns };
    } else table = await createCustomTable(db, projectId, name, columns);
    await insertCustomRows(db, table.id, rows);
    return { table, replaced: found !== undefined };
  });
}

/**
 * Replaces several custom tables in one transaction, so readers see the old
 * tables or the new ones, never a mix (docs/harvesting.md).
 */
export async function replaceCustomTables(
  db: Db,
  projectId: number,
  tables: readonly { name: string; columns: CustomColumn[]; rows: Record<string, SqlValue>[] }[],
): Promise<void> {
  await storeTurn(db);
  await transaction(db, async () => {
    for (const t of tables) await replaceCustomTable(db, projectId, t.name, t.columns, t.rows);
  });
}

/** How many rows a custom table holds. */
export async function countCustomRows(db: Db, tableId: number): Promise<number> {
  await storeTurn(db);
  const { customTableRows } = tablesOf(db);
  // Number(): drizzle reads PostgreSQL's bigint count as text.
  return Number(
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(customTableRows)
        .where(eq(customTableRows.tableId, tableId)),
    )?.n ?? 0,
  );
}
