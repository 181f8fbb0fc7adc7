import type { InstanceFolder } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** A project's folder paths, to suggest in the start dialog (GET /api/v1/instance_folders). */
export function buildFoldersQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["builds", "folders", projectId],
    queryFn: async ({ signal }) =>
      (
        await apiList<InstanceFolder>("/api/v1/instance_folders", {
          query: { project_id: projectId, $sort: { path: 1 } },
          signal,
        })
      ).items.map((f) => f.path),
  });
}

export function useBuildFolders(projectId: number, enabled: boolean) {
  return useQuery({ ...buildFoldersQueryOptions(projectId), enabled });
}
