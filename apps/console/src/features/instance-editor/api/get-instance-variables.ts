import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The instance's variables, resolved. */
export function useInstanceVariables(instanceId: number) {
  return useQuery(
    $api.queryOptions("get", "/v1/pattern_variables", {
      params: { query: { instance_id: instanceId, $limit: 1000 } },
    }),
  );
}
