import type { InstanceVersionList, InstanceVersionRows } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const instanceVersionsKey = (id: number) => ["instance-editor", id, "versions"] as const;

/** An instance's versions, oldest first (GET …/versions). */
export function instanceVersionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: instanceVersionsKey(id),
    queryFn: ({ signal }) =>
      apiJson<InstanceVersionList>(`/api/console/instances/${id}/versions`, { signal }),
  });
}

export function useInstanceVersions(id: number) {
  return useQuery(instanceVersionsQueryOptions(id));
}

/** One version's rows keyed by today's header (GET …/versions/:v); a version never changes. */
export function useInstanceVersion(id: number, version: number | undefined) {
  return useQuery({
    queryKey: [...instanceVersionsKey(id), version],
    queryFn: ({ signal }) =>
      apiJson<InstanceVersionRows>(`/api/console/instances/${id}/versions/${version}`, { signal }),
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
