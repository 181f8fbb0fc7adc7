import { sql } from "drizzle-orm";
import type { StoreSql } from "./sql-forms.ts";

/** SQLite's forms of what the stores spell differently (sql-forms.ts). */
export const sqliteSql: StoreSql = {
  nowIso: () => sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  jsonArray: (value, orderBy) =>
    orderBy ? sql`json_group_array(${value} order by ${orderBy})` : sql`json_group_array(${value})`,
  joinText: (cells, order) => sql`group_concat(${cells}, ',' ${order})`,
  jsonElements: (list) => sql`json_each(${list})`,
  jsonTexts: (list) => sql`json_each(${list})`,
  jsonIntegers: (list) => sql`(select value from json_each(${list}))`,
  jsonListHolds: (list, id) => sql`exists (select 1 from json_each(${list}) where value = ${id})`,
  byteOrder: (expr) => sql`${expr}`,
  // GLOB's other special characters (`?`, `[`) become one-character classes, matching literally.
  globPattern: (glob) => glob.replace(/[?[]/g, (c) => `[${c}]`),
  // GLOB, not LIKE: case-sensitive, and its literal prefix (`HUB_*`) can use an index.
  globMatches: (column, pattern) => sql`${column} glob ${pattern}`,
  breaksDefaultNameRule: (name) => sql`(${name} GLOB '*[^A-Za-z0-9_]*'
  OR ${name} GLOB '[0-9]*'
  OR length(${name}) > 128
  OR ${name} = '')`,
  // SQLite's LIKE ignores ASCII case (docs/stores.md).
  likeIgnoringCase: (column, pattern) => sql`${column} LIKE ${pattern} ESCAPE '\\'`,
  insertionOrder: (table) => sql`${table}.rowid`,
  // One writer at a time: nothing to skip.
  lockSkippingLocked: () => sql``,
};
