import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/instances/bulk: one change to the selected instances, reported per instance. */
export function useChangeInstances() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceBulkChange) =>
      apiJson<InstanceBulkOutcome>("/api/console/instances/bulk", { method: "POST", body }),
    onSuccess: (_outcome, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["instances"] }),
        client.invalidateQueries({ queryKey: ["labels", body.project_id] }),
      ]),
  });
}
