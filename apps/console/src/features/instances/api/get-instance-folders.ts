import type { InstanceFolder } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** Every folder of a project, by path (parents before children). */
export function instanceFoldersQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["instance-folders", projectId],
    queryFn: async ({ signal }) =>
      (
        await apiList<InstanceFolder>("/api/v1/instance_folders", {
          query: { project_id: projectId, $sort: { path: 1 } },
          signal,
        })
      ).items,
  });
}

export function useInstanceFolders(projectId: number) {
  return useQuery(instanceFoldersQueryOptions(projectId));
}
