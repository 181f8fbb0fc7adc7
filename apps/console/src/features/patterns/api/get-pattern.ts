import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

export function patternQueryOptions(id: number) {
  return $api.queryOptions("get", "/v1/patterns/{id}", { params: { path: { id } } });
}

export function usePattern(id: number) {
  return useQuery(patternQueryOptions(id));
}
