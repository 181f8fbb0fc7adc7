import type { ProjectCreate, ProjectUpdate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** Creates a project (admins; docs/folders-and-projects.md). */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate) => answer(api.POST("/console/projects", { body })),
    onSuccess: () => invalidate(client, "/v1/projects"),
  });
}

/** Renames, disables or enables a project (admins). */
export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ProjectUpdate }) =>
      answer(api.PATCH("/console/projects/{id}", { params: { path: { id } }, body: change })),
    onSuccess: () => invalidate(client, "/v1/projects"),
  });
}
