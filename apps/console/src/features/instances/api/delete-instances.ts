import { useMutation, useQueryClient } from "@tanstack/react-query";
import { changeInstances } from "./change-instances.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

export interface DeleteRequest {
  projectId: number;
  ids: number[];
  versions: Record<number, number>;
  /** true: delete (the `deleted` flag); false: restore. */
  deleted: boolean;
}

/** Deletes or restores the selected instances: the bulk change of the flag `deleted`. */
export function useDeleteInstances() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (req: DeleteRequest) =>
      (
        await changeInstances({
          project_id: req.projectId,
          ids: req.ids,
          flags: { deleted: req.deleted },
          base_versions: Object.fromEntries(req.ids.map((id) => [String(id), req.versions[id]])),
        })
      ).instances,
    onSettled: () => invalidateInstances(client),
  });
}
