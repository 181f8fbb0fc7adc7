import { createHash } from "node:crypto";
import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { inPostgresTransaction, postgresSession } from "../pg/handle.ts";
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

const isPgPrepared = (value: unknown): value is PgPrepared =>
  typeof (value as PgPrepared | null)?.execute === "function";

/** What node-postgres is handed per query (drizzle's NodePgPreparedQuery keeps two). */
interface QueryConfig {
  name?: string;
  text: string;
}

/**
 * The server-side name of a statement: the same text always gets the same
 * name (the key alone could in principle cover several texts), short enough
 * for PostgreSQL's 63-byte names.
 */
export function statementName(key: string, text: string): string {
  return `mb_${createHash("sha1").update(key).update("\0").update(text).digest("base64url").slice(0, 27)}`;
}

/**
 * Names a drizzle statement so node-postgres parses it once per connection
 * and PostgreSQL keeps its plan (docs/stores.md "Prepared statements"):
 * without a name every execution is parsed, analysed and planned again,
 * which cost more server CPU than running the detail's statement.
 */
function named(query: PgPrepared, key: string): PgPrepared {
  const configs = query as unknown as { queryConfig?: QueryConfig; rawQueryConfig?: QueryConfig };
  const text = configs.queryConfig?.text ?? configs.rawQueryConfig?.text;
  if (text === undefined) return query;
  const name = statementName(key, text);
  if (configs.queryConfig) configs.queryConfig.name = name;
  if (configs.rawQueryConfig) configs.rawQueryConfig.name = name;
  return query;
}

/** A statement, or an object of statements (a search's page and count), given SQLite's calls. */
function likeSqliteAll(built: unknown, key: string): unknown {
  if (isPgPrepared(built)) return likeSqlite(named(built, key));
  if (typeof built !== "object" || built === null) return built;
  return Object.fromEntries(
    Object.entries(built).map(([k, v]) => [
      k,
      isPgPrepared(v) ? likeSqlite(named(v, `${key}.${k}`)) : v,
    ]),
  );
}

/** The statement cached under `key` for `db`, built by `build` the first time. */
export function prepared<T>(db: Db, key: string, build: () => T): T {
  // A drizzle statement on PostgreSQL keeps the connection it was built on:
  // one built in a transaction would run later on that connection (back in
  // the pool, maybe in another caller's transaction), and a cached one would
  // run outside the transaction. In a transaction, build it for this call.
  if (inPostgresTransaction(db)) return likeSqliteAll(build(), key) as T;
  let statements = perStore.get(db);
  if (!statements) {
    statements = new Map();
    perStore.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = build();
    if (isPostgres(db)) statement = likeSqliteAll(statement, key) as T;
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
export function placeholders<K extends string>(keys: readonly K[]): Record<K, Placeholder> {
  const values = {} as Record<K, Placeholder>;
  for (const key of keys) values[key] = sql.placeholder(key);
  return values;
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
  const session = postgresSession(db);
  if (!session) {
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
  // Resolved per run, as the handle does: inside a transaction, on its connection.
  const execute = (params: Params) => (postgresSession(db) ?? session).execute(bound(params));
  return {
    all: async <T>(params: Params = {}) => (await execute(params)).rows as T[],
    get: async <T>(params: Params = {}) => (await execute(params)).rows[0] as T | undefined,
    run: async (params: Params = {}) => ({ changes: (await execute(params)).rowCount ?? 0 }),
  };
}
