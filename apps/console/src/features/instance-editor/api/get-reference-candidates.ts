import { $api } from "../../../lib/api/client.ts";

/** What a reference cell of `column` may name, by part of the name (the editor's picker). */
export function referenceCandidatesQueryOptions(instanceId: number, column: string, q: string) {
  return $api.queryOptions("get", "/console/instances/{id}/reference-candidates", {
    params: { path: { id: instanceId }, query: { column, q } },
  });
}
