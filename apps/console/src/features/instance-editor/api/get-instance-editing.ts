import type { InstanceEditing } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** Everything the editor shows of one instance (GET /api/console/instances/:id/editing). */
export function instanceEditingQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["instance-editor", id, "editing"],
    queryFn: ({ signal }) =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/editing`, { signal }),
  });
}

export function useInstanceEditing(id: number) {
  return useQuery(instanceEditingQueryOptions(id));
}
