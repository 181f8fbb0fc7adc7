import type { Project, ProjectCreate, ProjectUpdate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/projects (admins; docs/folders-and-projects.md). */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate) =>
      apiJson<Project>("/api/console/projects", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["projects"] }),
  });
}

/** PATCH /api/console/projects/:id: rename, disable or enable (admins). */
export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ProjectUpdate }) =>
      apiJson<Project>(`/api/console/projects/${id}`, { method: "PATCH", body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["projects"] }),
  });
}
