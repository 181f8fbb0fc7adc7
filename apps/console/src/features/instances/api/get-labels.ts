import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The labels instances of a project may carry. */
export function labelsQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/v1/labels", {
    params: { query: { project_id: projectId, $sort: { name: "1" } } },
  });
}

export function useLabels(projectId: number) {
  return useQuery(labelsQueryOptions(projectId));
}
