import type { Release, ReleaseGroup } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../lib/api-client.ts";

export interface ReleaseGroupWithReleases extends ReleaseGroup {
  releases: Release[];
}

/** The customer's release groups, each with its releases (docs/reference/rules.md §5). */
export function releaseGroupsQueryOptions() {
  return queryOptions({
    queryKey: ["release-groups"],
    queryFn: async ({ signal }): Promise<ReleaseGroupWithReleases[]> => {
      const sort = { $sort: { name: 1 } };
      const [groups, releases] = await Promise.all([
        apiList<ReleaseGroup>("/api/v1/release_groups", { query: sort, signal }),
        apiList<Release>("/api/v1/releases", { query: sort, signal }),
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
