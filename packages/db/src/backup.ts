import type { Db } from "./client.ts";

/**
 * Copies the store into `file` (a new file) with SQLite's online backup API:
 * one consistent snapshot, including what is still only in the WAL, while
 * other processes keep writing. All pages go in one step, so a write by the
 * server during the copy cannot restart it (docs/operations.md).
 */
export async function backupDatabase(db: Db, file: string): Promise<{ pages: number }> {
  const result = await db.$client.backup(file, { progress: () => 0x7fffffff });
  return { pages: result.totalPages };
}
