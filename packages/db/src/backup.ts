import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";
import { storeTurn, transaction } from "./client.ts";
import { isPostgres } from "./store.ts";

/**
 * Copies the store into `file` (a new file) with SQLite's online backup API:
 * one consistent snapshot, including what is still only in the WAL, while
 * other processes keep writing. All pages go in one step, so a write by the
 * server during the copy cannot restart it (docs/operations.md).
 */
export async function backupDatabase(db: Db, file: string): Promise<{ pages: number }> {
  await storeTurn(db);
  const result = await db.$client.backup(file, { progress: () => 0x7fffffff });
  return { pages: result.totalPages };
}

/**
 * A private in-memory copy of the store (one consistent read), to try a
 * change on before making it for real (docs/operations.md, live import).
 */
export function copyInMemory(db: Db): Db {
  const image = db.$client.serialize();
  // Bytes 18-19 say "WAL", which an in-memory database cannot open: mark it a rollback-journal file.
  image[18] = 1;
  image[19] = 1;
  const copy = new Database(image);
  copy.pragma("foreign_keys = ON");
  return drizzle(copy, { schema }) as Db;
}

/**
 * Runs `fn` on a private copy of the store (`copyInMemory`), to find a bad
 * change before making it for real; answers false, running nothing, on
 * PostgreSQL, where `chunkedWrites` is one transaction: a failure there
 * changes nothing either (docs/stores.md "Import on PostgreSQL").
 */
export async function tryOnCopy(db: Db, fn: (copy: Db) => Promise<void>): Promise<boolean> {
  if (isPostgres(db)) return false;
  const copy = copyInMemory(db);
  try {
    await fn(copy);
  } finally {
    copy.$client.close();
  }
  return true;
}

/** Blocks the thread for `ms` (no event loop turn: an import runs synchronously). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A long write split into short write transactions, so other processes on
 * the store (the server) keep writing: `run` opens one with BEGIN IMMEDIATE
 * (waiting for the lock instead of failing later on a stale read), and
 * `checkpoint` commits once it has held the lock `lockMs`, then pauses long
 * enough for a waiting writer's next retry (SQLite's longest busy-wait step
 * is 100 ms) before taking the lock again.
 */
export function chunkedWrites(db: Db, lockMs: number) {
  // PostgreSQL: one write transaction (other writers wait for its lock; readers do not).
  if (isPostgres(db))
    return {
      run: <T>(fn: () => Promise<T>): Promise<T> => transaction(db, fn),
      committed: () => 0,
      checkpoint(): void {},
    };
  const sqlite = db.$client;
  let since = 0;
  let committed = 0;
  const begin = () => {
    sqlite.exec("BEGIN IMMEDIATE");
    since = Date.now();
  };
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      begin();
      try {
        const result = await fn();
        sqlite.exec("COMMIT");
        return result;
      } catch (err) {
        if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
        throw err;
      }
    },
    /** Chunks committed so far (kept even when a later one fails). */
    committed: () => committed,
    checkpoint(): void {
      if (Date.now() - since < lockMs) return;
      sqlite.exec("COMMIT");
      committed++;
      pause(110);
      begin();
    },
  };
}
