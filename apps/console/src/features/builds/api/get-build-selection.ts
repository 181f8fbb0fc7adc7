import type { BuildSelection } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** What a build rendered and left out (GET /api/console/builds/:id/selection); fixed once started. */
export function buildSelectionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["builds", "selection", id],
    queryFn: ({ signal }) =>
      apiJson<BuildSelection>(`/api/console/builds/${id}/selection`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBuildSelection(id: number) {
  return useQuery(buildSelectionQueryOptions(id));
}
