import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { dialect } from "../store.ts";

/** A text for LIKE in which `%`, `_` and the escape `\` match literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQLite's LIKE ignores ASCII case; PostgreSQL's does not, so there it is
 * ILIKE (which also folds non-ASCII letters: docs/stores.md).
 */
function like(db: Db, column: SQLWrapper, pattern: string): SQL {
  return dialect(db, {
    sqlite: sql`${column} LIKE ${pattern} ESCAPE '\\'`,
    postgres: sql`${column} ILIKE ${pattern} ESCAPE '\\'`,
  });
}

/** `column` contains `text`, ignoring case. */
export function containsText(db: Db, column: SQLWrapper, text: string): SQL {
  return like(db, column, `%${likeLiteral(text)}%`);
}

/** `column` starts with `text`, ignoring case. */
export function startsWithText(db: Db, column: SQLWrapper, text: string): SQL {
  return like(db, column, `${likeLiteral(text)}%`);
}
