import type { HarvestSource } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** Connected agents and the sources they announced (GET /api/v1/harvest_sources). */
export function harvestSourcesQueryOptions() {
  return queryOptions({
    queryKey: ["harvest_sources"],
    queryFn: async ({ signal }) =>
      (await apiList<HarvestSource>("/api/v1/harvest_sources", { signal })).items,
  });
}

export function useHarvestSources() {
  return useQuery(harvestSourcesQueryOptions());
}
