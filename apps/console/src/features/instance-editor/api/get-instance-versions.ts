import type { InstanceVersionRows } from "@metabuild/contract";
import { useQuery } from "@tanstack/react-query";
import { $api, answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** An instance's versions, oldest first. */
export function instanceVersionsQueryOptions(id: number) {
  return $api.queryOptions("get", "/console/instances/{id}/versions", {
    params: { path: { id } },
  });
}

export function useInstanceVersions(id: number) {
  return useQuery(instanceVersionsQueryOptions(id));
}

/** One version's rows keyed by today's header; a version never changes. */
export function useInstanceVersion(id: number, version: number | undefined) {
  return useQuery({
    queryKey: [...queryKeyOf("/console/instances/{id}/versions/{version}"), { id, version }],
    queryFn: ({ signal }) =>
      answer(
        api.GET("/console/instances/{id}/versions/{version}", {
          params: { path: { id, version: version ?? 0 } },
          signal,
        }),
      ) as Promise<InstanceVersionRows>,
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The key of an instance's versions list, made stale by every new version. */
export function instanceVersionsKey(id: number) {
  return instanceVersionsQueryOptions(id).queryKey;
}
