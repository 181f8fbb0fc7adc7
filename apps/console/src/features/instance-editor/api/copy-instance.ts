import type { InstanceCopy, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** POST …/:id/copy: the instance under a new name or folder, checked out to the caller. */
export function useCopyInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCopy) =>
      answer(
        api.POST("/console/instances/{id}/copy", { params: { path: { id } }, body }),
      ) as Promise<InstanceEditing>,
    onSuccess: () =>
      Promise.all([invalidateInstances(client), invalidate(client, "/v1/instance_folders")]),
  });
}
