import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Users × projects × permissions of the customer (admins only). */
export function grantsQueryOptions() {
  return $api.queryOptions("get", "/console/admin/grants", undefined, { retry: false });
}

export const grantsQueryKey = grantsQueryOptions().queryKey;

export function useGrants() {
  return useQuery(grantsQueryOptions());
}
