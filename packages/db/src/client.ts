import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = BetterSQLite3Database<Schema> & { $client: Database.Database };

// Compiled (`pnpm build`), the migrations are copied beside the bundle (docs/operations.md "Runtime").
const migrationsFolder = join(
  dirname(fileURLToPath(import.meta.url)),
  import.meta.url.endsWith(".ts") ? ".." : ".",
  "migrations",
);

export interface OpenOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  readonly?: boolean;
}

/**
 * Opens the SQLite store: WAL, foreign keys on, migrations applied.
 * `file` may be ":memory:" for tests.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { readonly: options.readonly ?? false });
  if (!options.readonly) {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
  }
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false && !options.readonly) migrate(db, { migrationsFolder });
  return db;
}

export function closeDatabase(db: Db): void {
  db.$client.close();
}

/**
 * Runs `fn` in one transaction (all-or-nothing). better-sqlite3 transactions
 * are synchronous. BEGIN IMMEDIATE: it waits (busy_timeout) for another
 * process's write, such as a CLI import, instead of failing with "database
 * is locked" when its reads turn into a write (docs/operations.md).
 */
export function transaction<T>(db: Db, fn: (tx: Db) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}

/** True when the store answers a read (readiness probe); never throws. */
export function storeAnswers(db: Db): boolean {
  try {
    return db.$client.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    return false;
  }
}

/** Bytes the store takes: its pages (the file, or memory for ":memory:"); 0 when closed. */
export function storeSizeBytes(db: Db): number {
  try {
    const pages = db.$client.pragma("page_count", { simple: true }) as number;
    const size = db.$client.pragma("page_size", { simple: true }) as number;
    return pages * size;
  } catch {
    return 0;
  }
}
