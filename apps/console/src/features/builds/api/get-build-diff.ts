import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Files added, removed and changed since build `against`. */
export function buildDiffQueryOptions(id: number, against: number) {
  return $api.queryOptions("get", "/console/builds/{id}/diff", {
    params: { path: { id }, query: { against } },
  });
}

export function useBuildDiff(id: number, against: number | undefined) {
  return useQuery({ ...buildDiffQueryOptions(id, against ?? 0), enabled: against !== undefined });
}
