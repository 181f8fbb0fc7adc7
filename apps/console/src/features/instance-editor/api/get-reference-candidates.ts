import type { ReferenceCandidates } from "@metabuild/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET …/reference-candidates: what a reference cell of `column` may name, by part of the name. */
export function referenceCandidatesQueryOptions(instanceId: number, column: string, q: string) {
  return queryOptions({
    queryKey: ["instance-reference-candidates", instanceId, column, q],
    queryFn: ({ signal }) =>
      apiJson<ReferenceCandidates>(`/api/console/instances/${instanceId}/reference-candidates`, {
        query: { column, q },
        signal,
      }),
  });
}
