import type { InstanceBulkOutcome } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The bulk API's most ids per call (packages/contract InstanceBulkChange). */
const BULK_IDS = 1000;

export interface DeleteRequest {
  projectId: number;
  ids: number[];
  versions: Record<number, number>;
  /** true: delete (the `deleted` flag); false: restore. */
  deleted: boolean;
}

/**
 * Deletes or restores the selected instances through POST
 * /api/console/instances/bulk (flag `deleted`), a thousand ids per call.
 */
export function useDeleteInstances() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (req: DeleteRequest) => {
      const outcomes: InstanceBulkOutcome["instances"] = [];
      for (let at = 0; at < req.ids.length; at += BULK_IDS) {
        const ids = req.ids.slice(at, at + BULK_IDS);
        const res = await apiJson<InstanceBulkOutcome>("/api/console/instances/bulk", {
          method: "POST",
          body: {
            project_id: req.projectId,
            ids,
            flags: { deleted: req.deleted },
            base_versions: Object.fromEntries(ids.map((id) => [String(id), req.versions[id]])),
          },
        });
        outcomes.push(...res.instances);
      }
      return outcomes;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["instances"] }),
  });
}
