import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

/** The bulk API's most ids per call (InstanceBulkChange in packages/contract). */
export const BULK_IDS = 1000;

/**
 * One change to the selected instances,
 * reported per instance. A selection over the API's limit ("all matching")
 * goes in calls of 1,000 ids; a refused call stops the rest
 * (docs/instance-search.md).
 */
export async function changeInstances(body: InstanceBulkChange): Promise<InstanceBulkOutcome> {
  const instances: InstanceBulkOutcome["instances"] = [];
  for (let at = 0; at < body.ids.length; at += BULK_IDS) {
    const ids = body.ids.slice(at, at + BULK_IDS);
    const base_versions = Object.fromEntries(ids.map((id) => [String(id), body.base_versions[id]]));
    const res = await answer(
      api.POST("/console/instances/bulk", { body: { ...body, ids, base_versions } }),
    );
    instances.push(...res.instances);
  }
  return { instances };
}

export function useChangeInstances() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeInstances,
    onSuccess: () => Promise.all([invalidateInstances(client), invalidate(client, "/v1/labels")]),
  });
}
