import type { MetadataExecution } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const HISTORY_SIZE = 50;

export const historyKey = (projectId: number) => ["sql", "history", projectId] as const;

/** The caller's recent runs in the project, newest first (GET /api/console/metadata/history). */
export function historyQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: historyKey(projectId),
    queryFn: ({ signal }) =>
      apiJson<MetadataExecution[]>("/api/console/metadata/history", {
        query: { project_id: projectId, $limit: HISTORY_SIZE },
        signal,
      }),
  });
}

export function useHistory(projectId: number) {
  return useQuery(historyQueryOptions(projectId));
}
