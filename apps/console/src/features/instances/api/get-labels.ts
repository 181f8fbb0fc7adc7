import type { Label } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** The labels instances of a project may carry. */
export function labelsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["labels", projectId],
    queryFn: async ({ signal }) =>
      (
        await apiList<Label>("/api/v1/labels", {
          query: { project_id: projectId, $sort: { name: 1 } },
          signal,
        })
      ).items,
  });
}

export function useLabels(projectId: number) {
  return useQuery(labelsQueryOptions(projectId));
}
