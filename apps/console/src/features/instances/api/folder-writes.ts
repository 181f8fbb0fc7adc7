import type { FolderCreate, FolderMove, FolderRef } from "@metabuild/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

/** The tree and the lists show the change (a move changes the instances' folders). */
function refetch(client: QueryClient) {
  return Promise.all([invalidate(client, "/v1/instance_folders"), invalidateInstances(client)]);
}

/** Creates an empty folder (docs/folders-and-projects.md). */
export function useCreateFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      answer(
        api.POST("/console/folders", {
          body: { project_id: projectId, path } satisfies FolderCreate,
        }),
      ),
    onSuccess: () => refetch(client),
  });
}

/** Renames or move a folder with everything in it. */
export function useMoveFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, newPath }: { path: string; newPath: string }) =>
      answer(
        api.PATCH("/console/folders", {
          body: { project_id: projectId, path, new_path: newPath } satisfies FolderMove,
        }),
      ),
    onSuccess: () => refetch(client),
  });
}

/** Deletes an empty folder. */
export function useDeleteFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      answer(
        api.DELETE("/console/folders", {
          params: { query: { project_id: projectId, path } satisfies FolderRef },
        }),
      ),
    onSuccess: () => refetch(client),
  });
}
