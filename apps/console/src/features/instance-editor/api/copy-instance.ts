import type { InstanceCopy, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST …/:id/copy: the instance under a new name or folder, checked out to the caller. */
export function useCopyInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCopy) =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/copy`, { method: "POST", body }),
    onSuccess: (copy) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["instances"] }),
        client.invalidateQueries({ queryKey: ["instance-folders", copy.project_id] }),
      ]),
  });
}
