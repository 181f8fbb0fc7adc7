import type { PatternTemplate } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET /api/console/patterns/:id/templates: path and body of each template, in render order. */
export function patternTemplatesQueryOptions(patternId: number) {
  return queryOptions({
    queryKey: ["patterns", patternId, "templates"],
    queryFn: ({ signal }) =>
      apiJson<PatternTemplate[]>(`/api/console/patterns/${patternId}/templates`, { signal }),
  });
}

export function usePatternTemplates(patternId: number) {
  return useQuery(patternTemplatesQueryOptions(patternId));
}
