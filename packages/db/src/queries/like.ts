import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** A text for LIKE in which `%`, `_` and the escape `\` match literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `text` (LIKE: case-insensitive for ASCII). */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE ${`%${likeLiteral(text)}%`} ESCAPE '\\'`;
}

/** `column` starts with `text` (LIKE: case-insensitive for ASCII). */
export function startsWithText(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE ${`${likeLiteral(text)}%`} ESCAPE '\\'`;
}
