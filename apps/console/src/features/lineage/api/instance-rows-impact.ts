import type { InstanceRowsSave, LineageImpact } from "@metabuild/contract";
import { answer, api } from "../../../lib/api/client.ts";

/** The rows' save with dry_run=true: what it would change, nothing written. */
export function instanceRowsImpact(id: number, body: InstanceRowsSave) {
  return answer(
    api.PUT("/console/instances/{id}/rows", {
      params: { path: { id }, query: { dry_run: "true" } },
      body,
    }),
  ) as Promise<LineageImpact>;
}
