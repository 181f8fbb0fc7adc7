import type { Release, ReleaseGroup } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, listPage, queryKeyOf } from "../lib/api/client.ts";

export interface ReleaseGroupWithReleases extends ReleaseGroup {
  releases: Release[];
}

/** The customer's release groups, each with its releases (docs/reference/rules.md §5). */
export function releaseGroupsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeyOf("/v1/release_groups"), "with-releases"],
    queryFn: async ({ signal }): Promise<ReleaseGroupWithReleases[]> => {
      const params = { query: { $sort: { name: "1" as const } } };
      const [groups, releases] = await Promise.all([
        listPage(api.GET("/v1/release_groups", { params, signal })),
        listPage(api.GET("/v1/releases", { params, signal })),
      ]);
      return groups.items.map((g) => ({
        ...g,
        releases: releases.items.filter((r) => r.release_group_id === g.id),
      }));
    },
    staleTime: 5 * 60_000,
  });
}

export function useReleaseGroups() {
  return useQuery(releaseGroupsQueryOptions());
}
