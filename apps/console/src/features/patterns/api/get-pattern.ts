import type { Pattern } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export function patternQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["patterns", id],
    queryFn: ({ signal }) => apiJson<Pattern>(`/api/v1/patterns/${id}`, { signal }),
  });
}

export function usePattern(id: number) {
  return useQuery(patternQueryOptions(id));
}
