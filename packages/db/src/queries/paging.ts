import { type AnyColumn, type SQL, asc, desc } from "drizzle-orm";

export interface PageRequest {
  $limit?: number;
  $skip?: number;
  $sort?: { field: string; desc: boolean }[];
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** Maximum page size when `$limit` is absent: lists are unpaged unless asked. */
export const NO_LIMIT = -1;

/**
 * ORDER BY terms for `$sort`, restricted to the columns a list allows;
 * an unknown field is reported to the caller (null) so it can answer 400.
 */
export function orderBy(
  sort: PageRequest["$sort"],
  columns: Record<string, AnyColumn>,
  fallback: AnyColumn,
): SQL[] | { unknownField: string } {
  const terms: SQL[] = [];
  for (const s of sort ?? []) {
    const col = columns[s.field];
    if (!col) return { unknownField: s.field };
    terms.push(s.desc ? desc(col) : asc(col));
  }
  terms.push(asc(fallback));
  return terms;
}
