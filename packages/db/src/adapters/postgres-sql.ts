import { sql } from "drizzle-orm";
import { type StoreSql, likeLiteral } from "./sql-forms.ts";

/** PostgreSQL's forms of what the stores spell differently (sql-forms.ts, docs/stores.md). */
export const postgresSql: StoreSql = {
  // statement_timestamp(), not now(): fixed per statement as SQLite's 'now', not per transaction.
  nowIso: () =>
    sql`to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonArray: (value, orderBy) =>
    orderBy
      ? sql`coalesce(json_agg(${value} order by ${orderBy})::text, '[]')`
      : sql`coalesce(json_agg(${value})::text, '[]')`,
  joinText: (cells, order) => sql`string_agg(${cells}, ',' ${order})`,
  jsonElements: (list) => sql`jsonb_array_elements(${list}::jsonb) as e(value)`,
  jsonTexts: (list) =>
    sql`json_array_elements_text(${list}::json) with ordinality as given(value, key)`,
  jsonIntegers: (list) =>
    sql`(select value::int from json_array_elements_text(${list}::json) as e(value))`,
  // Compared as JSON numbers.
  jsonListHolds: (list, id) =>
    sql`exists (select 1 from jsonb_array_elements(${list}::jsonb) as e(value) where e.value = to_jsonb(${id}::integer))`,
  // The database's collation may sort otherwise (docs/stores.md "Collation").
  byteOrder: (expr) => sql`${expr} collate "C"`,
  // No GLOB: `*` becomes `%`, the rest literal; LIKE is case-sensitive here, as GLOB is.
  globPattern: (glob) => likeLiteral(glob).replaceAll("*", "%"),
  globMatches: (column, pattern) => sql`${column} like ${pattern} escape '\\'`,
  // No GLOB: the same classes as regular expressions.
  breaksDefaultNameRule: (name) => sql`(${name} ~ '[^A-Za-z0-9_]'
  OR ${name} ~ '^[0-9]'
  OR length(${name}) > 128
  OR ${name} = '')`,
  // LIKE is case-sensitive here; ILIKE also folds non-ASCII letters (accepted, docs/stores.md).
  likeIgnoringCase: (column, pattern) => sql`${column} ILIKE ${pattern} ESCAPE '\\'`,
  // No rowid: ctid follows insertion in an append-only table until a row is
  // updated (a deleted script's runs); docs/stores.md names the column both need.
  insertionOrder: (table) => sql`${table}.ctid`,
  lockSkippingLocked: (table) => sql`for update of ${table} skip locked`,
};
