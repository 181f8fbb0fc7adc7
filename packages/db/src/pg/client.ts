import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type NodePgDatabase, drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as pgSchema from "./schema/index.ts";

export type PgSchema = typeof pgSchema;
export type PgDb = NodePgDatabase<PgSchema> & { $client: pg.Pool };

// Compiled (`pnpm build`), the migrations are copied beside the bundle like SQLite's
// (docs/operations.md "Runtime", docs/stores.md).
const migrationsFolder = join(
  dirname(fileURLToPath(import.meta.url)),
  import.meta.url.endsWith(".ts") ? "../.." : ".",
  "migrations-pg",
);

/** Any constant both processes agree on: the key of the lock migrations hold (docs/stores.md). */
const MIGRATION_LOCK = 7_205_190_017;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * SQLite answers integers (`count(*)`, `sum`, bigint columns) as JS numbers;
 * node-postgres answers int8 and numeric as strings. Read them as numbers so
 * both stores give the same values (every count and id fits in 2^53).
 */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads take the format as text or binary
    return pg.types.getTypeParser(oid, format as any);
  },
} as pg.CustomTypesConfig;

/**
 * The pool options every PostgreSQL connection of the store uses (numbers as
 * numbers, no JIT). JIT off: the full instance list (100,000 rows, cost
 * ~565,000) crossed the inline and optimise thresholds and spent more time
 * compiling than running; the store's statements are row lookups and JSON
 * building, which JIT does not speed up (docs/stores.md "JIT").
 */
export function pgClientOptions(url: string): pg.PoolConfig {
  return { connectionString: url, types, options: "-c jit=off" };
}

export interface PostgresOptions {
  /** Apply pending migrations (default true), under the migration lock. */
  migrate?: boolean;
  /** Most connections the pool opens (METABUILD_PG_POOL_MAX). */
  maxConnections?: number;
  /** An idle connection failed (server restart, network); the pool replaces it. */
  onIdleError?: (err: Error) => void;
}

/** Opens the PostgreSQL store: a pool of connections, migrations applied unless told not to. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PgDb> {
  const pool = new pg.Pool({ ...pgClientOptions(url), max: options.maxConnections ?? 10 });
  // Without a listener an idle connection's error would end the process.
  pool.on("error", (err) => options.onIdleError?.(err));
  const db = drizzle({ client: pool, schema: pgSchema }) as PgDb;
  try {
    if (options.migrate !== false) await migratePostgres(db);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return db;
}

export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.end();
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  const text = readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The names of every migration of migrations-pg, oldest first (`0000_init`, …). */
export function postgresMigrationNames(): string[] {
  return journal().map((e) => e.tag);
}

/**
 * Applies the pending migrations of migrations-pg and answers their names
 * (e.g. `0000_init`), [] when the store was up to date. A session advisory
 * lock makes processes that start together migrate one after the other: the
 * later ones find nothing left to do.
 */
export async function migratePostgres(db: PgDb): Promise<string[]> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      const table = await client.query<{ present: boolean }>(
        "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
      );
      const last = table.rows[0]?.present
        ? await client.query<{ at: number | null }>(
            "select max(created_at) as at from drizzle.__drizzle_migrations",
          )
        : undefined;
      const appliedUpTo = last?.rows[0]?.at ?? null;
      // The migrator's own rule: a migration runs when it is newer than the last one applied.
      const pending = journal()
        .filter((m) => appliedUpTo === null || appliedUpTo < m.when)
        .map((m) => m.tag);
      await migrate(drizzle({ client }), { migrationsFolder });
      return pending;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    // Closed rather than pooled: whatever failed above, the session and its lock end here.
    client.release(true);
  }
}

/**
 * After rows were written with explicit ids (import, restore), makes every
 * identity continue after the largest id, as SQLite's AUTOINCREMENT does by
 * itself. Never moves a sequence back.
 */
export async function continueIdsAfterExisting(db: PgDb): Promise<void> {
  const tables = await db.$client.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'`,
  );
  for (const { table_name: table } of tables.rows) {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const { rows } = await db.$client.query<{ seq: string; top: number }>(
      `select pg_get_serial_sequence($1, 'id') as seq, (select coalesce(max(id), 0) from ${quoted}) as top`,
      [quoted],
    );
    const { seq, top } = rows[0] as { seq: string; top: number };
    // pg_get_serial_sequence answers the name quoted as needed.
    const state = await db.$client.query<{ last_value: number; is_called: boolean }>(
      `select last_value, is_called from ${seq}`,
    );
    const { last_value: last, is_called: called } = state.rows[0] as {
      last_value: number;
      is_called: boolean;
    };
    const used = called ? last : last - 1;
    await db.$client.query("select setval($1, $2, false)", [seq, Math.max(top, used) + 1]);
  }
}
