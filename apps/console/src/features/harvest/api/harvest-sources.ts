import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Connected agents and the sources they announced. */
export function harvestSourcesQueryOptions() {
  return $api.queryOptions("get", "/v1/harvest_sources");
}

export function useHarvestSources() {
  return useQuery(harvestSourcesQueryOptions());
}
