import { type AnyColumn, type SQL, asc, desc, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import { first, isPostgres } from "../store.ts";

export interface PageRequest {
  $limit?: number;
  $skip?: number;
  $sort?: { field: string; desc: boolean }[];
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Page size when `$limit` is absent: lists are unpaged unless asked. A real
 * number, not SQLite's `-1`: Drizzle drops a negative limit, and an OFFSET
 * without a LIMIT is a syntax error in SQLite (`$skip` alone answered 500).
 */
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * ORDER BY terms for `$sort`, restricted to the columns a list allows;
 * an unknown field is reported to the caller (null) so it can answer 400.
 * Pass `db` so NULLs sort as on SQLite on either store.
 */
export function orderBy(
  sort: PageRequest["$sort"],
  columns: Record<string, AnyColumn | SQL>,
  fallback: AnyColumn,
  db?: Db,
): SQL[] | { unknownField: string } {
  // SQLite sorts NULL below every value; PostgreSQL above: said out loud
  // there so a nullable column (a folder's parent_id) pages the same.
  const postgres = db !== undefined && isPostgres(db);
  const terms: SQL[] = [];
  for (const s of sort ?? []) {
    const col = columns[s.field];
    if (!col) return { unknownField: s.field };
    if (postgres) terms.push(s.desc ? sql`${col} desc nulls last` : sql`${col} asc nulls first`);
    else terms.push(s.desc ? desc(col) : asc(col));
  }
  terms.push(asc(fallback));
  return terms;
}

/**
 * One page of `table` under `where`, ordered by `$sort` (restricted to
 * `sortable`, then `fallback`), with the unpaged count. The shared body of
 * the simple list queries.
 */
export async function selectPage<T extends SQLiteTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  req: PageRequest,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: AnyColumn,
): Promise<Page<T["$inferSelect"]> | { unknownField: string }> {
  await storeTurn(db);
  const order = orderBy(req.$sort, sortable, fallback, db);
  if (!Array.isArray(order)) return order;
  const total =
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(table as SQLiteTable)
        .where(where),
    )?.n ?? 0;
  const items = (await db
    .select()
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(...order)
    .limit(req.$limit ?? NO_LIMIT)
    .offset(req.$skip ?? 0)) as T["$inferSelect"][];
  return { items, total };
}
