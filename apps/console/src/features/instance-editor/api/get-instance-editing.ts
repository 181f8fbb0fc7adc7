import type { InstanceEditing } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** Everything the editor shows of one instance. */
export function instanceEditingQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeyOf("/console/instances/{id}/editing"), { id }],
    queryFn: ({ signal }) => fetchInstanceEditing(id, signal),
  });
}

export function useInstanceEditing(id: number) {
  return useQuery(instanceEditingQueryOptions(id));
}

/** The editor's view of one instance, as the contract types it. */
export function fetchInstanceEditing(id: number, signal?: AbortSignal): Promise<InstanceEditing> {
  return answer(
    api.GET("/console/instances/{id}/editing", { params: { path: { id } }, signal }),
  ) as Promise<InstanceEditing>;
}
