import type { SQL } from "drizzle-orm";
import { type Db, type Schema, closeDatabase, openDatabase } from "./client.ts";
import { type PgDb, closePostgres, openPostgres } from "./pg/client.ts";
import { postgresHandle, postgresRoot, postgresSession, postgresStateOf } from "./pg/handle.ts";
import * as pgSchema from "./pg/schema/index.ts";
import * as sqliteSchema from "./schema/index.ts";
import { postgresSql } from "./adapters/postgres-sql.ts";
import type { StoreSql } from "./adapters/sql-forms.ts";
import { sqliteSql } from "./adapters/sqlite-sql.ts";
import type { StoreKind } from "./store-url.ts";

// One handle, two stores (docs/stores.md "One handle, two stores"): query
// bodies are written once with drizzle's builder and these few helpers for
// what the two drivers answer differently.

export function storeKindOf(db: Db): StoreKind {
  return postgresStateOf(db) ? "postgres" : "sqlite";
}

export function isPostgres(db: Db): boolean {
  return postgresStateOf(db) !== undefined;
}

/**
 * The tables of the handle's store. Both schemas declare the same tables,
 * columns and JS types (docs/stores.md, held by the parity test), so the
 * PostgreSQL twins are typed as SQLite's.
 */
export function tablesOf(db: Db): Schema {
  return postgresStateOf(db) ? (pgSchema as unknown as Schema) : sqliteSchema;
}

/** The first row of an answer, or undefined (what SQLite's `.get()` answered). */
export function first<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

/** How many rows an insert, update or delete changed, from either driver's answer. */
export function changedRows(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return r.changes ?? r.rowCount ?? 0;
}

/** The rows of a raw statement. */
export async function allRows<T>(db: Db, query: SQL): Promise<T[]> {
  const session = postgresSession(db);
  if (session) return (await session.execute(query)).rows as T[];
  return db.all<T>(query);
}

/** The first row of a raw statement, or undefined. */
export async function oneRow<T>(db: Db, query: SQL): Promise<T | undefined> {
  return first(await allRows<T>(db, query));
}

/** Runs a raw statement; answers how many rows it changed. */
export async function runStatement(db: Db, query: SQL): Promise<number> {
  const session = postgresSession(db);
  if (session) return changedRows(await session.execute(query));
  return db.run(query).changes;
}

/**
 * The store's forms of what the two dialects spell differently, each named
 * in `adapters/sql-forms.ts` (docs/stores.md "One port, two adapters").
 */
export function sqlOf(db: Db): StoreSql {
  return postgresStateOf(db) ? postgresSql : sqliteSql;
}

/**
 * One SQL text per store, for a form not named in the adapters yet (prefer
 * a `StoreSql` member: `sqlOf(db)`).
 */
export function dialect(db: Db, forms: { sqlite: SQL; postgres: SQL }): SQL {
  return postgresStateOf(db) ? forms.postgres : forms.sqlite;
}

/**
 * One server process per store (SQLite, under its lease: docs/scale-out.md
 * "One server per SQLite store"); PostgreSQL is shared by several by design.
 */
export function oneServerPerStore(db: Db): boolean {
  return !isPostgres(db);
}

/** False once the store was closed (shutdown): late work stops quietly. */
export function storeIsOpen(db: Db): boolean {
  const postgres = postgresStateOf(db);
  if (postgres) return !postgres.closed;
  return db.$client.open;
}

/** Closes either store. */
export async function closeStore(db: Db): Promise<void> {
  const postgres = postgresStateOf(db);
  if (!postgres) return closeDatabase(db);
  if (postgres.closed) return;
  postgres.closed = true;
  await closePostgres(postgresRoot(db));
}

/** The row an insert or update `returning()` answered, which must be there. */
export function returnedRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("the statement returned no row");
  return row;
}

export interface StoreToOpen {
  kind: StoreKind;
  /** SQLite: the file (":memory:" in tests). */
  file?: string;
  /** PostgreSQL: the connection URL. */
  url?: string;
  /** PostgreSQL: most connections of the pool. */
  maxConnections?: number;
  /** PostgreSQL: an idle connection failed (the pool replaces it). */
  onIdleError?: (err: Error) => void;
}

/**
 * Opens the store the configuration names, migrated, as the one handle every
 * store function takes (docs/stores.md). PostgreSQL must compare text byte
 * by byte as SQLite does, or lists would sort differently: a database with
 * another collation is refused with what to do.
 */
export async function openStore(at: StoreToOpen): Promise<Db> {
  if (at.kind === "sqlite") return openDatabase(at.file ?? ":memory:");
  const root = await openPostgres(at.url ?? "", {
    maxConnections: at.maxConnections,
    onIdleError: at.onIdleError,
  });
  try {
    await refuseNonByteCollation(root);
  } catch (err) {
    await closePostgres(root);
    throw err;
  }
  return postgresHandle(root);
}

async function refuseNonByteCollation(root: PgDb): Promise<void> {
  const { rows } = await root.$client.query<{ collation: string; name: string }>(
    "select datcollate as collation, current_database() as name from pg_database where datname = current_database()",
  );
  const collation = rows[0]?.collation ?? "";
  if (collation === "C" || collation === "POSIX" || collation.startsWith("C.")) return;
  throw new Error(
    `database ${rows[0]?.name} sorts text by the collation ${collation}; metabuild needs byte order (as SQLite): create it with CREATE DATABASE … LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0 (docs/stores.md "Collation")`,
  );
}
