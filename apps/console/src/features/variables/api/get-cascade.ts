import type { Pattern, PatternVariable, VariableCascade } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, apiList } from "../../../lib/api-client.ts";

/** GET /api/console/variables/cascade: one variable over the project's tree. */
export function cascadeQueryOptions(projectId: number, patternId: number, name: string) {
  return queryOptions({
    queryKey: ["variables", "cascade", { projectId, patternId, name }],
    queryFn: ({ signal }) =>
      apiJson<VariableCascade>("/api/console/variables/cascade", {
        query: { project_id: projectId, pattern_id: patternId, name },
        signal,
      }),
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
  return useQuery({
    queryKey: ["variables", "patterns"],
    queryFn: async ({ signal }) =>
      (await apiList<Pattern>("/api/v1/patterns", { query: { $sort: { name: 1 } }, signal })).items,
  });
}

export function useCascadeVariables(patternId?: number) {
  return useQuery({
    queryKey: ["variables", "definitions", { patternId }],
    enabled: patternId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiList<PatternVariable>("/api/v1/pattern_variables", {
          query: { pattern_id: patternId },
          signal,
        })
      ).items,
  });
}
