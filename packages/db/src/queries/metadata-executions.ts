import type { SqlValue } from "@metabuild/contract";
import { type SQL, and, desc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { metadataExecutions } from "../schema/index.ts";
import { placeholders, prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { sqlOf, tablesOf } from "../store.ts";

export type MetadataExecutionRow = typeof metadataExecutions.$inferSelect;

/** Keeps one execution of POST /api/v1/metadata for the caller's history. */
export async function insertMetadataExecution(db: Db, row: MetadataExecutionInsert): Promise<void> {
  await storeTurn(db);
  const { metadataExecutions } = tablesOf(db);
  // Once per statement request: compiled once, not rebuilt through the ORM each time.
  await prepared(db, "metadata:insert-execution", () =>
    db.insert(metadataExecutions).values(placeholders(EXECUTION_FIELDS)).prepare(),
  ).run(row);
}

type MetadataExecutionInsert = Required<typeof metadataExecutions.$inferInsert>;

const EXECUTION_FIELDS = [
  "id",
  "customerId",
  "projectId",
  "userId",
  "statement",
  "type",
  "status",
  "runtime",
  "rowCount",
  "error",
  "startTime",
  "scriptId",
  "scriptVersion",
] as const satisfies readonly (keyof MetadataExecutionInsert)[];

/**
 * The order executions were kept in, for those of one start time: SQLite's
 * rowid. PostgreSQL has none; `ctid` follows insertion in this append-only
 * table until a row is updated (a deleted script's runs) or the table is
 * vacuumed into reused space. Interim: docs/stores.md names the column both
 * schemas need.
 */
export function insertionOrder(db: Db, table: object): SQL {
  return sqlOf(db).insertionOrder(table);
}

/** The user's most recent executions, newest first (optionally in one project). */
export async function listMetadataExecutions(
  db: Db,
  f: { userId: number; projectId?: number; limit: number },
): Promise<MetadataExecutionRow[]> {
  await storeTurn(db);
  const { metadataExecutions } = tablesOf(db);
  const where = [eq(metadataExecutions.userId, f.userId)];
  if (f.projectId !== undefined) where.push(eq(metadataExecutions.projectId, f.projectId));
  return await db
    .select()
    .from(metadataExecutions)
    .where(and(...where))
    // Same start time (a fast client, a fixed test clock): the later insert first.
    .orderBy(desc(metadataExecutions.startTime), desc(insertionOrder(db, metadataExecutions)))
    .limit(f.limit);
}

export interface SelectOutcome {
  columns: string[];
  /** Each column's declared type where it comes straight from a table column, else null. */
  declaredTypes: (string | null)[];
  /** Rows as arrays in column order. */
  rows: unknown[][];
  truncated: boolean;
}

/**
 * Runs one translated metadata SELECT and reads at most `maxRows` rows.
 * The SQL comes from the dialect's translator only; a statement SQLite does
 * not see as a read-only query is refused before it runs.
 */
export async function runMetadataSelect(
  db: Db,
  query: { sql: string; params: SqlValue[] },
  maxRows: number,
): Promise<SelectOutcome> {
  await storeTurn(db);
  // The same shape of statement comes back with other values (they are parameters).
  const stmt = prepared(db, `metadata:select:${query.sql}`, () => db.$client.prepare(query.sql));
  if (!stmt.readonly || !stmt.reader) throw new Error("Only queries may run here");
  stmt.raw(true);
  const described = stmt.columns();
  const columns = described.map((c) => c.name);
  const declaredTypes = described.map((c) => c.type);
  const rows: unknown[][] = [];
  let truncated = false;
  for (const row of stmt.iterate(...query.params) as IterableIterator<unknown[]>) {
    if (rows.length === maxRows) {
      truncated = true;
      break;
    }
    rows.push(row);
  }
  return { columns, declaredTypes, rows, truncated };
}
