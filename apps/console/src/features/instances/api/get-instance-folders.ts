import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Every folder of a project, by path (parents before children). */
export function instanceFoldersQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/v1/instance_folders", {
    params: { query: { project_id: projectId, $sort: { path: "1" } } },
  });
}

export function useInstanceFolders(projectId: number) {
  return useQuery(instanceFoldersQueryOptions(projectId));
}
