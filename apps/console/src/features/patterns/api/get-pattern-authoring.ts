import type { PatternAuthoring } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET /api/console/patterns/:id: the pattern, its version and whole definition (the editor's start). */
export function patternAuthoringQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["patterns", id, "authoring"],
    queryFn: ({ signal }) => apiJson<PatternAuthoring>(`/api/console/patterns/${id}`, { signal }),
    // The editor keeps its own copy; a refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePatternAuthoring(id: number, enabled = true) {
  return useQuery({ ...patternAuthoringQueryOptions(id), enabled });
}
