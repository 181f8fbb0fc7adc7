import type { SQL, SQLWrapper } from "drizzle-orm";

/**
 * The SQL the two stores spell differently, each form named once here and
 * written once per adapter (`sqlite-sql.ts`, `postgres-sql.ts`); queries
 * write everything else once for both (docs/stores.md "One port, two
 * adapters"). `sqlOf(db)` answers the store's adapter.
 */
export interface StoreSql {
  /** Now as the schema's defaults write it, the bytes of `toISOString()`, fixed per statement. */
  nowIso(): SQL;
  /** The JSON array text of `value` over a subquery's rows (in `orderBy`), `[]` for none. */
  jsonArray(value: SQLWrapper, orderBy?: SQL): SQL;
  /** `cells` joined with `,` (in the order `order` says), null for none. */
  joinText(cells: SQL, order: SQL): SQL;
  /** A JSON array text as rows of one column `value`, each element as JSON (`value ->> 0`). */
  jsonElements(list: SQLWrapper | string): SQL;
  /** A JSON array of texts as rows `(value, key)`: each text and its position, for `order by key`. */
  jsonTexts(list: SQLWrapper | string): SQL;
  /** A JSON array text of integers as a subquery of them, for `in (…)`. */
  jsonIntegers(list: SQLWrapper | string): SQL;
  /** The JSON array of ids in `list` (a column) holds `id`. */
  jsonListHolds(list: SQLWrapper, id: number): SQL;
  /** `expr` compared byte by byte for ORDER BY, as SQLite compares text. */
  byteOrder(expr: SQLWrapper): SQL;
  /** A name glob (`*`, the rest literal) as the pattern `globMatches` takes. */
  globPattern(glob: string): string;
  /** `column` matches a pattern of `globPattern`, case-sensitive. */
  globMatches(column: SQLWrapper, pattern: SQLWrapper): SQL;
  /**
   * `name` breaks the default name rule as far as SQL can tell (a character
   * other than a letter, digit or `_`, a leading digit, too long, empty).
   */
  breaksDefaultNameRule(name: SQLWrapper): SQL;
  /** `column LIKE pattern` ignoring case (with `\` escaping `%` and `_`). */
  likeIgnoringCase(column: SQLWrapper, pattern: string): SQL;
  /** The order rows of an append-only table were inserted in (ties of a time). */
  insertionOrder(table: object): SQL;
  /** Locks the rows a select reads from `table` for the claim, skipping those others hold. */
  lockSkippingLocked(table: SQLWrapper): SQL;
}

/** A text for LIKE in which `%`, `_` and the escape `\` match literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
