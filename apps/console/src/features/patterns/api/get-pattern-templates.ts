import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Path and body of each template, in render order. */
export function patternTemplatesQueryOptions(patternId: number) {
  return $api.queryOptions("get", "/console/patterns/{id}/templates", {
    params: { path: { id: patternId } },
  });
}

export function usePatternTemplates(patternId: number) {
  return useQuery(patternTemplatesQueryOptions(patternId));
}
