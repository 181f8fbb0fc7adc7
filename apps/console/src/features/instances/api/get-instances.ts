import type { InstanceListItem } from "@metabuild/contract";
import { queryOptions } from "@tanstack/react-query";
import { type ListPage, apiList } from "../../../lib/api-client.ts";
import type { QueryValue } from "../../../lib/query-string.ts";

export interface InstancePageRequest {
  /** The filters of `instanceFilterQuery`. */
  filter: Record<string, QueryValue>;
  skip: number;
  limit: number;
  sort?: { field: string; desc: boolean };
}

/**
 * One page of GET /api/v1/instances, paged and sorted by the server; the grid
 * asks for pages as the user scrolls.
 */
export function instancePageQueryOptions(req: InstancePageRequest) {
  return queryOptions({
    queryKey: ["instances", req],
    queryFn: ({ signal }): Promise<ListPage<InstanceListItem>> =>
      apiList<InstanceListItem>("/api/v1/instances", {
        query: {
          ...req.filter,
          $skip: req.skip,
          $limit: req.limit,
          $sort: req.sort ? { [req.sort.field]: req.sort.desc ? -1 : 1 } : undefined,
        },
        signal,
      }),
  });
}
