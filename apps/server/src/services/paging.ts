import { BadRequest } from "@metabuild/core";
import type { Page, PageRequest } from "@metabuild/db";

/** Unwraps a paged query result, turning an unknown `$sort` field into a 400. */
export function pageOrThrow<P extends { total: number }>(result: P | { unknownField: string }): P {
  if ("unknownField" in result)
    throw new BadRequest(`Invalid value for '$sort': unknown field '${result.unknownField}'`);
  return result;
}

type Sortable = string | number | boolean | null;

/**
 * `$sort`/`$skip`/`$limit` over entries computed in memory (e.g. resolved
 * pattern variables), with the same rules as the SQL lists: only the listed
 * fields sort, nulls first, ties keep the given order.
 */
export function pageInMemory<T extends Record<string, unknown>>(
  items: readonly T[],
  req: PageRequest,
  sortable: readonly (keyof T & string)[],
): Page<T> {
  const terms = req.$sort ?? [];
  for (const t of terms)
    if (!sortable.includes(t.field))
      throw new BadRequest(`Invalid value for '$sort': unknown field '${t.field}'`);
  const compare = (a: Sortable, b: Sortable) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  const sorted = [...items].sort((a, b) => {
    for (const t of terms) {
      const c = compare(a[t.field] as Sortable, b[t.field] as Sortable);
      if (c !== 0) return t.desc ? -c : c;
    }
    return 0;
  });
  const start = req.$skip ?? 0;
  const end = req.$limit === undefined ? undefined : start + req.$limit;
  return { items: sorted.slice(start, end), total: items.length };
}
