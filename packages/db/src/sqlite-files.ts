import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

/**
 * SQLite files other than the store: the demo's ERP source
 * (docs/harvesting.md "The demo source") and test sources.
 */

/**
 * Creates `file` by running `script` on a new database built aside and
 * renamed into place, so a crash never leaves half a file. Does nothing and
 * answers false when the file exists.
 */
export function createFileDatabaseIfMissing(file: string, script: string): boolean {
  if (existsSync(file)) return false;
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.creating`;
  rmSync(partial, { force: true });
  const db = new Database(partial);
  try {
    db.exec(script);
  } finally {
    db.close();
  }
  renameSync(partial, file);
  return true;
}

/** Rows of one read-only query on a SQLite file. */
export function queryFileDatabase(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
