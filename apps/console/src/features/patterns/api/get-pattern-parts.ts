import type {
  Deployment,
  FunctionalRole,
  InstanceProperty,
  PatternVariable,
} from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** The lists that describe one pattern, each from its own endpoint filtered by `pattern_id`. */
function partQueryOptions<T>(path: string, patternId: number, sort?: string) {
  return queryOptions({
    queryKey: [path, { patternId }],
    queryFn: async ({ signal }) =>
      (
        await apiList<T>(path, {
          query: { pattern_id: patternId, $sort: sort ? { [sort]: 1 } : undefined },
          signal,
        })
      ).items,
  });
}

export function usePatternProperties(patternId: number) {
  return useQuery(
    partQueryOptions<InstanceProperty>("/api/v1/instance_properties", patternId, "pos_no"),
  );
}

export function usePatternRoles(patternId: number) {
  return useQuery(
    partQueryOptions<FunctionalRole>("/api/v1/functional_roles", patternId, "pos_no"),
  );
}

/** Without a scope each definition comes once, with its default (docs/reference/rules.md §7). */
export function usePatternVariables(patternId: number) {
  return useQuery(partQueryOptions<PatternVariable>("/api/v1/pattern_variables", patternId));
}

export function usePatternDeployments(patternId: number) {
  return useQuery(partQueryOptions<Deployment>("/api/v1/deployments", patternId, "name"));
}
