import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { PgDb } from "./client.ts";

/**
 * A PostgreSQL store behind the one `Db` handle every store function takes
 * (docs/stores.md "One handle, two stores"). The handle is typed as the
 * SQLite database, so query bodies are written once against one builder API;
 * at run time it is a node-postgres drizzle database whose tables come from
 * `tablesOf(db)` (the PostgreSQL twins).
 *
 * Inside `transaction(db, fn)` every call made through the handle goes to
 * the transaction's connection: services keep the `db` they were given.
 */
export interface PostgresState {
  /** The pool's database, outside any transaction. */
  root: PgDb;
  /** Resolves when the store can be used (a test database being copied, migrations). */
  ready: Promise<void>;
  /** Set once `ready` resolved: store calls need not wait for it any more. */
  isReady: boolean;
  closed: boolean;
}

/** A transaction's drizzle database, as `PgDb.transaction` hands it over. */
type PgTransaction = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

/** Where a handle's statements run now: its open transaction, or the pool. */
export type PgSession = PgDb | PgTransaction;

interface PostgresTransaction {
  state: PostgresState;
  tx: PgTransaction;
  /** The transaction ended: work it left behind goes to the pool again. */
  done: boolean;
}

/** The state of each PostgreSQL handle (the handle is the key: SQLite's have none). */
const states = new WeakMap<object, PostgresState>();
const insideTransaction = new AsyncLocalStorage<PostgresTransaction>();

/**
 * Writers take this transaction-level lock first, so write transactions run
 * one at a time across every process, as SQLite's `BEGIN IMMEDIATE` makes
 * them (docs/stores.md "Transactions"): a read-modify-write never loses an
 * update. Readers and single statements are not held up.
 */
const WRITE_LOCK = 7_205_190_018;

/** Wraps an opened PostgreSQL database as the handle store functions take. */
export function postgresHandle(root: PgDb, ready: Promise<void> = Promise.resolve()): Db {
  const state: PostgresState = { root, ready, isReady: false, closed: false };
  ready.then(
    () => {
      state.isReady = true;
    },
    () => {},
  );
  const handle = new Proxy(root, {
    get(target, prop) {
      const own = insideTransaction.getStore();
      const base = own && own.state === state && !own.done ? own.tx : target;
      const value = Reflect.get(base, prop, base) as unknown;
      return typeof value === "function" ? value.bind(base) : value;
    },
  }) as unknown as Db;
  states.set(handle, state);
  return handle;
}

/** The PostgreSQL state of a handle; undefined for SQLite. */
export function postgresStateOf(db: Db): PostgresState | undefined {
  return states.get(db);
}

/** The session a PostgreSQL handle's statements run on now; undefined for SQLite. */
export function postgresSession(db: Db): PgSession | undefined {
  const state = states.get(db);
  if (!state) return undefined;
  const own = insideTransaction.getStore();
  return own && own.state === state && !own.done ? own.tx : state.root;
}

/** True while the caller runs inside an open transaction of this PostgreSQL handle. */
export function inPostgresTransaction(db: Db): boolean {
  const state = postgresStateOf(db);
  const own = insideTransaction.getStore();
  return state !== undefined && own !== undefined && own.state === state && !own.done;
}

/** The pool's database of a PostgreSQL handle (outside any transaction). */
export function postgresRoot(db: Db): PgDb {
  const state = postgresStateOf(db);
  if (!state) throw new Error("not a PostgreSQL store");
  return state.root;
}

/** What `storeTurn` answers on PostgreSQL: wait until the store is ready, no more. */
export function postgresTurn(state: PostgresState): Promise<void> | undefined {
  return state.isReady ? undefined : state.ready;
}

export async function postgresTransaction<T>(
  db: Db,
  state: PostgresState,
  fn: (tx: Db) => T | Promise<T>,
  mode: "immediate" | "deferred",
): Promise<T> {
  await postgresTurn(state);
  const outer = insideTransaction.getStore();
  const nested = outer && outer.state === state && !outer.done ? outer : undefined;
  // Nested: drizzle makes a savepoint of the outer transaction.
  const base = nested ? nested.tx : state.root;
  const body = async (tx: PgTransaction) => {
    if (!nested && mode === "immediate")
      await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
    const mine: PostgresTransaction = { state, tx, done: false };
    try {
      return await insideTransaction.run(mine, () => fn(db));
    } finally {
      mine.done = true;
    }
  };
  if (nested || mode === "immediate") return base.transaction((tx) => body(tx));
  // "deferred" is for read-only work that wants one consistent snapshot.
  return base.transaction((tx) => body(tx), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}
