import type { Pattern } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../lib/api-client.ts";

// Shared by several features (patterns pages, instance filters): queries used
// by more than one feature live in src/api, below the features.

/** Every pattern of the customer, by name. */
export function patternsQueryOptions() {
  return queryOptions({
    queryKey: ["patterns"],
    queryFn: async ({ signal }) =>
      (await apiList<Pattern>("/api/v1/patterns", { query: { $sort: { name: 1 } }, signal })).items,
    staleTime: 5 * 60_000,
  });
}

export function usePatterns() {
  return useQuery(patternsQueryOptions());
}
