import type { PatternAuthoring } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** The pattern, its version and whole definition (the editor's start). */
export function patternAuthoringQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeyOf("/console/patterns/{id}"), { id }],
    // The contract's type: the generated one widens a variable's `default` to unknown.
    queryFn: ({ signal }): Promise<PatternAuthoring> =>
      answer(
        api.GET("/console/patterns/{id}", { params: { path: { id } }, signal }),
      ) as Promise<PatternAuthoring>,
    // The editor keeps its own copy; a refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePatternAuthoring(id: number, enabled = true) {
  return useQuery({ ...patternAuthoringQueryOptions(id), enabled });
}
