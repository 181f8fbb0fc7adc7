import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** A project's folder paths, to suggest in the start dialog. */
export function buildFoldersQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [...queryKeyOf("/v1/instance_folders"), { projectId, paths: true }],
    queryFn: async ({ signal }) =>
      (
        await answer(
          api.GET("/v1/instance_folders", {
            params: { query: { project_id: projectId, $sort: { path: "1" } } },
            signal,
          }),
        )
      ).map((f) => f.path),
  });
}

export function useBuildFolders(projectId: number, enabled: boolean) {
  return useQuery({ ...buildFoldersQueryOptions(projectId), enabled });
}
