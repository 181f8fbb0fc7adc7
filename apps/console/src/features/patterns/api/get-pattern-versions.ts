import type { PatternVersionList } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET /api/console/patterns/:id/versions: the saved versions, oldest first. */
export function patternVersionsQueryOptions(patternId: number) {
  return queryOptions({
    queryKey: ["patterns", patternId, "versions"],
    queryFn: ({ signal }) =>
      apiJson<PatternVersionList>(`/api/console/patterns/${patternId}/versions`, { signal }),
  });
}

export function usePatternVersions(patternId: number) {
  return useQuery(patternVersionsQueryOptions(patternId));
}
