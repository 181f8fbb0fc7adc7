import type { AdminGrantMatrix } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const grantsQueryKey = ["admin", "grants"] as const;

/** Users × projects × permissions of the customer (admins only). */
export function grantsQueryOptions() {
  return queryOptions({
    queryKey: grantsQueryKey,
    queryFn: ({ signal }) => apiJson<AdminGrantMatrix>("/api/console/admin/grants", { signal }),
    retry: false,
  });
}

export function useGrants() {
  return useQuery(grantsQueryOptions());
}
