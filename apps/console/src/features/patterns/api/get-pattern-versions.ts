import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The saved versions, oldest first. */
export function patternVersionsQueryOptions(patternId: number) {
  return $api.queryOptions("get", "/console/patterns/{id}/versions", {
    params: { path: { id: patternId } },
  });
}

export function usePatternVersions(patternId: number) {
  return useQuery(patternVersionsQueryOptions(patternId));
}
