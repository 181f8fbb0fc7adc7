import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { isPostgres } from "../store.ts";

/**
 * Statements built and compiled once per store, then reused. On the hot
 * paths (instance detail, lists, bulk writes) building the SQL text through
 * the ORM and compiling it costs several times more than running it.
 */
const perStore = new WeakMap<Db, Map<string, unknown>>();

/** Bound on statements kept per store: dynamic filters make many shapes. */
const MAX_STATEMENTS = 500;

/**
 * On PostgreSQL a drizzle prepared query only executes; this gives it the
 * calls SQLite's has (each answering a promise, which callers await on both
 * stores).
 */
interface PgPrepared {
  execute(params?: Record<string, unknown>): Promise<unknown>;
}
function likeSqlite(query: PgPrepared) {
  const rows = async (params?: Record<string, unknown>) =>
    (await query.execute(params)) as Record<string, unknown>[];
  return {
    all: rows,
    get: async (params?: Record<string, unknown>) => (await rows(params))[0],
    values: async (params?: Record<string, unknown>) =>
      (await rows(params)).map((row) => Object.values(row)),
    run: async (params?: Record<string, unknown>) => {
      const result = (await query.execute(params)) as { rowCount?: number | null };
      return { changes: result.rowCount ?? 0 };
    },
  };
}

/** The statement cached under `key` for `db`, built by `build` the first time. */
export function prepared<T>(db: Db, key: string, build: () => T): T {
  // On PostgreSQL a prepared query stays bound to the session that built it
  // (the pool, or a transaction that may have ended): build it on each call
  // through the handle, so it runs in the caller's transaction like any query.
  if (isPostgres(db))
    return likeSqlite({
      execute: (params) => (build() as unknown as PgPrepared).execute(params),
    }) as T;
  let statements = perStore.get(db);
  if (!statements) {
    statements = new Map();
    perStore.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}

/** The keys of `values` that carry a value, sorted: they decide a statement's shape. */
export function givenKeys(values: object): string[] {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k)
    .sort();
}

/** `{ key: placeholder(key) }` for each key, for inserts and updates of a given shape. */
export function placeholders(keys: readonly string[]): Record<string, Placeholder> {
  return Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)]));
}

type Params = Record<string, unknown>;
/** Statement texts split at their `@name` parameters (PostgreSQL), by text. */
const splitTexts = new Map<string, string[]>();

/**
 * A raw statement with `@name` parameters, for the few hot statements the
 * builder cannot say (docs/stores.md "One handle, two stores"): compiled
 * once by better-sqlite3 on SQLite; on PostgreSQL the names become bound
 * parameters of a statement run through the handle (so inside a
 * transaction it runs in it). Every call answers a promise.
 */
export function namedStatement(db: Db, key: string, text: string) {
  if (!isPostgres(db)) {
    const statement = prepared(db, key, () => db.$client.prepare(text));
    return {
      all: async <T>(params: Params = {}) => statement.all(params) as T[],
      get: async <T>(params: Params = {}) => statement.get(params) as T | undefined,
      run: async (params: Params = {}) => ({ changes: statement.run(params).changes }),
    };
  }
  let parts = splitTexts.get(text);
  if (!parts) {
    parts = text.split(/@(\w+)/);
    splitTexts.set(text, parts);
  }
  const chunks = parts;
  const bound = (params: Params) =>
    sql.join(chunks.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[part]))));
  const execute = (params: Params) =>
    (
      db as unknown as {
        execute(q: unknown): Promise<{ rows: unknown[]; rowCount: number | null }>;
      }
    ).execute(bound(params));
  return {
    all: async <T>(params: Params = {}) => (await execute(params)).rows as T[],
    get: async <T>(params: Params = {}) => (await execute(params)).rows[0] as T | undefined,
    run: async (params: Params = {}) => ({ changes: (await execute(params)).rowCount ?? 0 }),
  };
}
