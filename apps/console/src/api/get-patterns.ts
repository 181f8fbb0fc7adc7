import { useQuery } from "@tanstack/react-query";
import { $api } from "../lib/api/client.ts";

// Shared by several features (patterns pages, instance filters): queries used
// by more than one feature live in src/api, below the features.

/** Every pattern of the customer, by name. */
export function patternsQueryOptions() {
  return $api.queryOptions(
    "get",
    "/v1/patterns",
    { params: { query: { $sort: { name: "1" } } } },
    { staleTime: 5 * 60_000 },
  );
}

export function usePatterns() {
  return useQuery(patternsQueryOptions());
}
