import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase } from "./backup.ts";
import { type Db, closeDatabase, openDatabase } from "./client.ts";
import { closePostgres, migratePostgres, openPostgres } from "./pg/client.ts";
import { dumpPostgres, postgresUse, restorePostgres } from "./pg/dump.ts";
import { StoreToolError } from "./store-errors.ts";
import { redactDatabaseUrl } from "./store-url.ts";
import type { StoreToOpen } from "./store.ts";

/**
 * The store's operations for the `metabuild` commands (docs/stores.md "The
 * CLI on PostgreSQL"): migrate, backup, restore. Each adapter's way is
 * chosen here, so the CLI names no store kind.
 */

/** The archive entry holding each kind of store (docs/operations.md "Backup"). */
const ARCHIVE_ENTRY = { sqlite: "metabuild.db", postgres: "metabuild.pgdump" } as const;

/** The names a backup archive may hold its store under. */
export const STORE_ARCHIVE_ENTRIES: readonly string[] = Object.values(ARCHIVE_ENTRY);

/** The store as messages name it: the file, or the URL with its password as `***`. */
export function describeStore(at: StoreToOpen): string {
  return at.kind === "postgres" ? redactDatabaseUrl(at.url ?? "") : (at.file ?? ":memory:");
}

function cannotOpen(at: StoreToOpen, err: unknown): StoreToolError {
  // pg's own texts name the host and the user, never the password.
  return new StoreToolError(
    `Cannot open the PostgreSQL store ${describeStore(at)}: ${(err as Error).message}`,
  );
}

/**
 * Applies pending migrations; answers the names applied. PostgreSQL's run
 * under the lock that lets several processes start together; SQLite applies
 * them at every open and names none.
 */
export async function migrateStore(at: StoreToOpen): Promise<string[]> {
  if (at.kind === "sqlite") {
    closeDatabase(openDatabase(at.file ?? ":memory:"));
    return [];
  }
  try {
    const db = await openPostgres(at.url ?? "", { migrate: false, maxConnections: 1 });
    try {
      return await migratePostgres(db);
    } finally {
      await closePostgres(db);
    }
  } catch (err) {
    throw cannotOpen(at, err);
  }
}

/**
 * A consistent online copy of the store into `folder` (SQLite's backup API,
 * never a file copy, which misses what is still in the WAL; `pg_dump` on
 * PostgreSQL); answers the archive entry and the file holding it.
 */
export async function backupStore(
  db: Db,
  at: StoreToOpen,
  folder: string,
): Promise<{ entry: string; file: string }> {
  const entry = ARCHIVE_ENTRY[at.kind];
  const file = join(folder, entry);
  if (at.kind === "postgres") await dumpPostgres(at.url ?? "", file);
  else if (at.file === ":memory:" || at.file === undefined)
    throw new StoreToolError("An in-memory store has no backup");
  else await backupDatabase(db, file);
  return { entry, file };
}

/** A store about to be replaced by an archive's (`metabuild restore`). */
export interface RestoreTarget {
  /** How messages name the store beside the data folder; undefined when it is a file of it. */
  shown?: string;
  /** The store holds data a restore would replace. */
  holdsData: boolean;
  /** One server per store (SQLite): running servers are known by their lease, not by connections. */
  oneServer: boolean;
  /** Connections of others (running servers, tools); 0 where only the lease tells. */
  otherConnections(): Promise<number>;
  /** Replaces the store by the one unpacked in `staging` from `archive`; refuses the other kind's. */
  restore(staging: string, archive: string): Promise<void>;
}

/** The store `at` as a restore's target; a store that cannot be reached is refused. */
export async function restoreTarget(at: StoreToOpen): Promise<RestoreTarget> {
  return at.kind === "postgres" ? postgresTarget(at) : fileTarget(at.file ?? ":memory:");
}

function fileTarget(file: string): RestoreTarget {
  if (file === ":memory:") throw new StoreToolError("Cannot restore into an in-memory store");
  return {
    holdsData: existsSync(file),
    oneServer: true,
    otherConnections: async () => 0,
    async restore(staging, archive) {
      const unpacked = join(staging, ARCHIVE_ENTRY.sqlite);
      if (!existsSync(unpacked))
        throw new StoreToolError(
          `${archive} holds a PostgreSQL store (${ARCHIVE_ENTRY.postgres}): restore it with DATABASE_URL=postgres://…`,
        );
      for (const old of [file, `${file}-wal`, `${file}-shm`]) rmSync(old, { force: true });
      try {
        renameSync(unpacked, file);
      } catch (err) {
        // The store's file may live on another file system than the data folder.
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        copyFileSync(unpacked, file);
      }
    },
  };
}

async function postgresTarget(at: StoreToOpen): Promise<RestoreTarget> {
  const url = at.url ?? "";
  const use = async () => {
    try {
      return await postgresUse(url);
    } catch (err) {
      throw cannotOpen(at, err);
    }
  };
  const first = await use();
  let checked = false;
  return {
    shown: describeStore(at),
    holdsData: first.holdsTables,
    oneServer: false,
    async otherConnections() {
      if (checked) return (await use()).otherSessions;
      checked = true;
      return first.otherSessions;
    },
    async restore(staging, archive) {
      if (existsSync(join(staging, ARCHIVE_ENTRY.sqlite)))
        throw new StoreToolError(
          `${archive} holds a SQLite store (${ARCHIVE_ENTRY.sqlite}): restore it with DATABASE_URL unset or a SQLite file`,
        );
      await restorePostgres(url, join(staging, ARCHIVE_ENTRY.postgres));
    },
  };
}
