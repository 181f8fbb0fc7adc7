import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

// The lists that describe one pattern, each from its own operation filtered by `pattern_id`.

export function usePatternProperties(patternId: number) {
  return useQuery(
    $api.queryOptions("get", "/v1/instance_properties", {
      params: { query: { pattern_id: patternId, $sort: { pos_no: "1" } } },
    }),
  );
}

export function usePatternRoles(patternId: number) {
  return useQuery(
    $api.queryOptions("get", "/v1/functional_roles", {
      params: { query: { pattern_id: patternId, $sort: { pos_no: "1" } } },
    }),
  );
}

/** Without a scope each definition comes once, with its default (docs/reference/rules.md §7). */
export function usePatternVariables(patternId: number) {
  return useQuery(
    $api.queryOptions("get", "/v1/pattern_variables", {
      params: { query: { pattern_id: patternId } },
    }),
  );
}

export function usePatternDeployments(patternId: number) {
  return useQuery(
    $api.queryOptions("get", "/v1/deployments", {
      params: { query: { pattern_id: patternId, $sort: { name: "1" } } },
    }),
  );
}
