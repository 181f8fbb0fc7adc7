import type { InstanceListItem } from "@metabuild/contract";
import { queryOptions } from "@tanstack/react-query";
import { type ListPage, api, listPage, queryKeyOf } from "../../../lib/api/client.ts";
import type { QueryValue } from "../../../lib/query-string.ts";

export interface InstancePageRequest {
  /** The filters of `instanceFilterQuery`. */
  filter: Record<string, QueryValue>;
  skip: number;
  limit: number;
  sort?: { field: string; desc: boolean };
}

/**
 * One page of the instances list, paged and sorted by the server; the grid
 * asks for pages as the user scrolls.
 */
export function instancePageQueryOptions(req: InstancePageRequest) {
  return queryOptions({
    queryKey: [...queryKeyOf("/v1/instances"), req],
    queryFn: ({ signal }): Promise<ListPage<InstanceListItem>> =>
      listPage(
        api.GET("/v1/instances", {
          params: {
            // The list's filters as the URL keeps them (instanceFilterQuery).
            query: {
              ...req.filter,
              $skip: req.skip,
              $limit: req.limit,
              $sort: req.sort ? { [req.sort.field]: req.sort.desc ? "-1" : "1" } : undefined,
            } as never,
          },
          signal,
        }),
      ),
  });
}
