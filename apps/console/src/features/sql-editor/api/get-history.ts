import { useQuery } from "@tanstack/react-query";
import { $api, queryKeyOf } from "../../../lib/api/client.ts";

export const HISTORY_SIZE = 50;

/** The key prefix of the run history (of every project: a run refreshes it). */
export const historyKey = queryKeyOf("/console/metadata/history");

/** The caller's recent runs in the project, newest first. */
export function historyQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/console/metadata/history", {
    params: { query: { project_id: projectId, $limit: HISTORY_SIZE } },
  });
}

export function useHistory(projectId: number) {
  return useQuery(historyQueryOptions(projectId));
}
