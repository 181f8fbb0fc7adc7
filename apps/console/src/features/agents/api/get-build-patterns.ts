import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** The pattern ids a build built, so only their deployments are offered. */
export function buildPatternsQueryOptions(buildId: number) {
  return queryOptions({
    queryKey: [...queryKeyOf("/v1/builds/{id}"), { id: buildId, patterns: true }],
    queryFn: async ({ signal }) =>
      (await answer(api.GET("/v1/builds/{id}", { params: { path: { id: buildId } }, signal })))
        .patterns,
  });
}

export function useBuildPatterns(buildId: number | undefined) {
  return useQuery({ ...buildPatternsQueryOptions(buildId ?? 0), enabled: buildId !== undefined });
}
