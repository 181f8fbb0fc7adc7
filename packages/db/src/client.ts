import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { postgresRoot, postgresStateOf, postgresTransaction, postgresTurn } from "./pg/handle.ts";
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

/**
 * Lets the event loop run what waits (another request, `/health`) between
 * the chunks of a long write: a SQLite statement runs in the server's
 * thread, so awaiting it alone never lets anything else in (docs/limits.md
 * "Cost of one request").
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function closeDatabase(db: Db): void {
  db.$client.close();
}

/**
 * The single SQLite connection is shared by every request of the process, so
 * an asynchronous transaction must keep it to itself (docs/stores.md
 * "Transactions"): one transaction at a time per connection, and while one is
 * open, store calls from other callers wait for it (`storeTurn`). The
 * transaction's own calls pass: they run in its async context.
 */
interface ConnectionTurn {
  /** Resolves when the open transaction ends; undefined when none is open. */
  open?: Promise<void>;
  /** The tail of the queue of transactions waiting for the connection. */
  queue: Promise<void>;
}

const turns = new WeakMap<object, ConnectionTurn>();
/**
 * The transaction an async context runs in. Work it started that outlives it
 * (an asynchronous event listener) keeps the context, so "inside" is checked
 * against the transaction open now, never the connection alone.
 */
interface TransactionContext {
  open: Promise<void>;
  savepoints: number;
}
const insideTransaction = new AsyncLocalStorage<TransactionContext>();

/** The caller's transaction when it is the one holding the connection now. */
function ownTransaction(turn: ConnectionTurn | undefined): TransactionContext | undefined {
  const inside = insideTransaction.getStore();
  return inside && turn?.open === inside.open ? inside : undefined;
}

function turnOf(connection: object): ConnectionTurn {
  let turn = turns.get(connection);
  if (!turn) {
    turn = { queue: Promise.resolve() };
    turns.set(connection, turn);
  }
  return turn;
}

/**
 * Waits while another caller's transaction holds the connection. Every
 * exported store function awaits it first; inside a transaction it passes.
 * Returns undefined (no wait) when no transaction is open.
 */
export function storeTurn(db: Db): Promise<void> | undefined {
  const postgres = postgresStateOf(db);
  if (postgres) return postgresTurn(postgres);
  const turn = turns.get(db.$client);
  if (!turn?.open || ownTransaction(turn)) return undefined;
  return waitForTurn(turn);
}

async function waitForTurn(turn: ConnectionTurn): Promise<void> {
  // Another queued transaction may take the connection as soon as this one ends.
  while (turn.open && !ownTransaction(turn)) await turn.open;
}

export interface TransactionOptions {
  /**
   * "immediate" (default) takes the write lock at BEGIN: it waits
   * (busy_timeout) for another process's write, such as a CLI import,
   * instead of failing with "database is locked" when its reads turn into a
   * write (docs/operations.md). "deferred" is for read-only work: one
   * consistent snapshot.
   */
  mode?: "immediate" | "deferred";
}

/**
 * Runs `fn` in one transaction (all-or-nothing): COMMIT when it resolves,
 * ROLLBACK when it throws. A transaction started inside another one becomes
 * a savepoint of it, as better-sqlite3's nested transactions were.
 */
export async function transaction<T>(
  db: Db,
  fn: (tx: Db) => T | Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const postgres = postgresStateOf(db);
  if (postgres) return postgresTransaction(db, postgres, fn, options.mode ?? "immediate");
  const connection = db.$client;
  const turn = turnOf(connection);
  const inside = ownTransaction(turn);
  if (inside) return savepoint(db, inside, fn);
  const previous = turn.queue;
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  turn.queue = previous.then(() => mine);
  await previous;
  turn.open = mine;
  try {
    // A transaction opened by plain BEGIN (a chunked CLI import) is ours to nest in.
    if (connection.inTransaction)
      return await insideTransaction.run({ open: mine, savepoints: 0 }, () =>
        savepoint(db, { savepoints: 0 }, fn),
      );
    connection.exec(options.mode === "deferred" ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE");
    try {
      const result = await insideTransaction.run({ open: mine, savepoints: 0 }, () => fn(db));
      connection.exec("COMMIT");
      return result;
    } catch (e) {
      if (connection.inTransaction) connection.exec("ROLLBACK");
      throw e;
    }
  } finally {
    turn.open = undefined;
    release();
  }
}

async function savepoint<T>(
  db: Db,
  inside: { savepoints: number },
  fn: (tx: Db) => T | Promise<T>,
): Promise<T> {
  const name = `metabuild_${++inside.savepoints}`;
  db.$client.exec(`SAVEPOINT ${name}`);
  try {
    const result = await fn(db);
    db.$client.exec(`RELEASE ${name}`);
    return result;
  } catch (e) {
    db.$client.exec(`ROLLBACK TO ${name}`);
    db.$client.exec(`RELEASE ${name}`);
    throw e;
  }
}

/** True when the store answers a read (readiness probe); never throws. */
export async function storeAnswers(db: Db): Promise<boolean> {
  try {
    await storeTurn(db);
    if (postgresStateOf(db))
      return (await postgresRoot(db).$client.query("select 1 as ok")).rows.length === 1;
    return db.$client.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    return false;
  }
}

/** Bytes the store takes: its pages (the file, or memory for ":memory:"); 0 when closed. */
export async function storeSizeBytes(db: Db): Promise<number> {
  try {
    await storeTurn(db);
    if (postgresStateOf(db)) {
      const { rows } = await postgresRoot(db).$client.query(
        "select pg_database_size(current_database()) as size",
      );
      return Number(rows[0]?.size ?? 0);
    }
    const pages = db.$client.pragma("page_count", { simple: true }) as number;
    const size = db.$client.pragma("page_size", { simple: true }) as number;
    return pages * size;
  } catch {
    return 0;
  }
}

/** The PostgreSQL store's pool, by state (a metric, docs/observability.md); undefined on SQLite. */
export function storePoolCounts(
  db: Db,
): { total: number; idle: number; waiting: number } | undefined {
  if (!postgresStateOf(db)) return undefined;
  const pool = postgresRoot(db).$client;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
