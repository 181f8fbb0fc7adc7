import { api, listPage } from "../../../lib/api/client.ts";
import type { QueryValue } from "../../../lib/query-string.ts";

/**
 * The most instances "Select all matching" takes at once: a selection is sent
 * as ids (build, bulk change), so it stays a size the API takes in a few calls
 * (docs/instance-search.md).
 */
export const SELECT_ALL_CAP = 10_000;
/**
 * One call up to the cap: each call repeats the filter's scan and count, so
 * 9 calls of 1,000 took 2 s where one of 8,334 took 0.3 s at 100,000
 * instances (docs/console-scale.md).
 */
const PAGE = SELECT_ALL_CAP;

/** Every instance of the list's filters: ids and the version each has, across pages. */
export interface MatchingSelection {
  ids: number[];
  versions: Record<number, number>;
  /** How many match in all (more than `ids` when over the cap). */
  total: number;
}

/** Pages through the instances list with the same filters as the grid. */
export async function fetchMatching(
  filter: Record<string, QueryValue>,
  cap = SELECT_ALL_CAP,
): Promise<MatchingSelection> {
  const ids: number[] = [];
  const versions: Record<number, number> = {};
  let total = 0;
  for (let skip = 0; skip < cap; skip += PAGE) {
    const page = await listPage(
      api.GET("/v1/instances", {
        params: {
          query: {
            ...filter,
            $skip: skip,
            $limit: Math.min(PAGE, cap - skip),
            $sort: { id: "1" },
          } as never,
        },
      }),
    );
    total = page.total;
    for (const i of page.items) {
      ids.push(i.id);
      versions[i.id] = i.version;
    }
    if (page.items.length === 0 || skip + page.items.length >= total) break;
  }
  return { ids, versions, total };
}
