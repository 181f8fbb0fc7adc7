import type { SQL, SQLWrapper } from "drizzle-orm";
import type { Db } from "../client.ts";
import { likeLiteral } from "../adapters/sql-forms.ts";
import { sqlOf } from "../store.ts";

export { likeLiteral };

/**
 * SQLite's LIKE ignores ASCII case; PostgreSQL's does not, so there it is
 * ILIKE (which also folds non-ASCII letters: docs/stores.md).
 */
function like(db: Db, column: SQLWrapper, pattern: string): SQL {
  return sqlOf(db).likeIgnoringCase(column, pattern);
}

/** `column` contains `text`, ignoring case. */
export function containsText(db: Db, column: SQLWrapper, text: string): SQL {
  return like(db, column, `%${likeLiteral(text)}%`);
}

/** `column` starts with `text`, ignoring case. */
export function startsWithText(db: Db, column: SQLWrapper, text: string): SQL {
  return like(db, column, `${likeLiteral(text)}%`);
}
