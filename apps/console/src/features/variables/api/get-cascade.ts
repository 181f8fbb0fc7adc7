import { useQuery } from "@tanstack/react-query";
import { patternsQueryOptions } from "../../../api/get-patterns.ts";
import { $api, api, answer, queryKeyOf } from "../../../lib/api/client.ts";

/** One variable over the project's tree. */
export function cascadeQueryOptions(projectId: number, patternId: number, name: string) {
  return $api.queryOptions("get", "/console/variables/cascade", {
    params: { query: { project_id: projectId, pattern_id: patternId, name } },
  });
}

export function useVariableCascade(projectId: number, patternId?: number, name?: string) {
  return useQuery({
    ...cascadeQueryOptions(projectId, patternId ?? 0, name ?? ""),
    enabled: patternId !== undefined && !!name,
  });
}

/** The pickers: every pattern, and the chosen pattern's variable definitions. */
export function useCascadePatterns() {
  return useQuery(patternsQueryOptions());
}

export function useCascadeVariables(patternId?: number) {
  const params = { query: { pattern_id: patternId } };
  return useQuery({
    queryKey: [...queryKeyOf("/v1/pattern_variables"), { params }],
    enabled: patternId !== undefined,
    queryFn: async ({ signal }) =>
      (await answer(api.GET("/v1/pattern_variables", { params, signal }))) ?? [],
  });
}
