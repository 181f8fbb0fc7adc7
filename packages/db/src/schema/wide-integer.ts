import { type SQLiteColumn, integer } from "drizzle-orm/sqlite-core";

/**
 * Column configs of integers that outgrow 4 bytes: epoch milliseconds, byte
 * sizes, epoch seconds past 2038. SQLite's `integer` holds 8 bytes; the
 * PostgreSQL tables derived from these (src/pg/schema/from-sqlite.ts) make
 * them `bigint` read as JS numbers (docs/stores.md "One schema, two stores").
 */
const wideConfigs = new WeakSet<object>();

/** An `integer` column that is `bigint` on PostgreSQL. */
export function wideInteger(name: string) {
  const column = integer(name);
  // The built column keeps its builder's config object: that is how the
  // derivation recognises it.
  // biome-ignore lint/complexity/useLiteralKeys: drizzle declares `config` protected
  wideConfigs.add(column["config"]);
  return column;
}

/** Whether a SQLite column was declared with `wideInteger`. */
export function isWideInteger(column: SQLiteColumn): boolean {
  // biome-ignore lint/complexity/useLiteralKeys: drizzle declares `config` protected
  return wideConfigs.has(column["config"]);
}
