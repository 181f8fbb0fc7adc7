import type {
  FolderCreate,
  FolderMove,
  FolderMoved,
  FolderRef,
  InstanceFolder,
} from "@metabuild/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The tree and the lists show the change (a move changes the instances' folders). */
function refetch(client: QueryClient, projectId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ["instance-folders", projectId] }),
    client.invalidateQueries({ queryKey: ["instances"] }),
  ]);
}

/** POST /api/console/folders: an empty folder (docs/folders-and-projects.md). */
export function useCreateFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      apiJson<InstanceFolder>("/api/console/folders", {
        method: "POST",
        body: { project_id: projectId, path } satisfies FolderCreate,
      }),
    onSuccess: () => refetch(client, projectId),
  });
}

/** PATCH /api/console/folders: rename or move a folder with everything in it. */
export function useMoveFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, newPath }: { path: string; newPath: string }) =>
      apiJson<FolderMoved>("/api/console/folders", {
        method: "PATCH",
        body: { project_id: projectId, path, new_path: newPath } satisfies FolderMove,
      }),
    onSuccess: () => refetch(client, projectId),
  });
}

/** DELETE /api/console/folders: an empty folder. */
export function useDeleteFolder(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) =>
      apiJson<InstanceFolder>("/api/console/folders", {
        method: "DELETE",
        query: { project_id: projectId, path } satisfies FolderRef,
      }),
    onSuccess: () => refetch(client, projectId),
  });
}
