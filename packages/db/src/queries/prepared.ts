import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * Statements built and compiled once per store, then reused. On the hot
 * paths (instance detail, lists, bulk writes) building the SQL text through
 * the ORM and compiling it costs several times more than running it.
 */
const perStore = new WeakMap<Db, Map<string, unknown>>();

/** Bound on statements kept per store: dynamic filters make many shapes. */
const MAX_STATEMENTS = 500;

/** The statement cached under `key` for `db`, built by `build` the first time. */
export function prepared<T>(db: Db, key: string, build: () => T): T {
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
