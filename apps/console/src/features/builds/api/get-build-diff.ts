import type { BuildDiff } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** Files added, removed and changed since build `against` (GET /api/console/builds/:id/diff). */
export function buildDiffQueryOptions(id: number, against: number) {
  return queryOptions({
    queryKey: ["builds", "diff", id, against],
    queryFn: ({ signal }) =>
      apiJson<BuildDiff>(`/api/console/builds/${id}/diff`, { query: { against }, signal }),
  });
}

export function useBuildDiff(id: number, against: number | undefined) {
  return useQuery({ ...buildDiffQueryOptions(id, against ?? 0), enabled: against !== undefined });
}
