import type { PatternVariable } from "@metabuild/contract";
import { useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** GET /api/v1/pattern_variables?instance_id=: the instance's variables, resolved. */
export function useInstanceVariables(instanceId: number) {
  return useQuery({
    queryKey: ["variables", "instance", { instanceId }],
    queryFn: async ({ signal }) =>
      (
        await apiList<PatternVariable>("/api/v1/pattern_variables", {
          query: { instance_id: instanceId, $limit: 1000 },
          signal,
        })
      ).items,
  });
}
