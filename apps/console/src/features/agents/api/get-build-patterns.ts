import type { Build } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The pattern ids a build built, so only their deployments are offered (GET /api/v1/builds/:id). */
export function buildPatternsQueryOptions(buildId: number) {
  return queryOptions({
    queryKey: ["agents", "build-patterns", buildId],
    queryFn: async ({ signal }) =>
      (await apiJson<Build>(`/api/v1/builds/${buildId}`, { signal })).patterns,
  });
}

export function useBuildPatterns(buildId: number | undefined) {
  return useQuery({ ...buildPatternsQueryOptions(buildId ?? 0), enabled: buildId !== undefined });
}
