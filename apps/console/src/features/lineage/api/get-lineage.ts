import type { LineageGraph } from "@metabuild/contract";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type LineageDirection = "upstream" | "downstream" | "both";

/** GET /api/v1/lineage around one instance (docs/lineage.md "The graph over the API"). */
export function useLineage(
  projectId: number,
  instanceId: number,
  direction: LineageDirection,
  depth: number | undefined,
) {
  return useQuery({
    queryKey: ["lineage", { projectId, instanceId, direction, depth }],
    queryFn: async ({ signal }) =>
      await apiJson<LineageGraph>("/api/v1/lineage", {
        query: {
          project_id: projectId,
          instance_id: instanceId,
          direction,
          ...(depth === undefined ? {} : { depth }),
        },
        signal,
      }),
  });
}
