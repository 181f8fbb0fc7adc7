import type { InstanceRowsSave, LineageImpact } from "@metabuild/contract";
import { apiJson } from "../../../lib/api-client.ts";

/** PUT /api/console/instances/:id/rows?dry_run=true: what the rows' save would change, nothing written. */
export function instanceRowsImpact(id: number, body: InstanceRowsSave) {
  return apiJson<LineageImpact>(`/api/console/instances/${id}/rows`, {
    method: "PUT",
    query: { dry_run: "true" },
    body,
  });
}
