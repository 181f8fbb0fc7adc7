import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

export type LineageDirection = "upstream" | "downstream" | "both";

/** The lineage graph around one instance (docs/lineage.md "The graph over the API"). */
export function useLineage(
  projectId: number,
  instanceId: number,
  direction: LineageDirection,
  depth: number | undefined,
) {
  return useQuery(
    $api.queryOptions("get", "/v1/lineage", {
      params: {
        query: {
          project_id: projectId,
          instance_id: instanceId,
          direction,
          ...(depth === undefined ? {} : { depth }),
        },
      },
    }),
  );
}
