import type { InstanceRowsCheck, InstanceRowsSave } from "@metabuild/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/**
 * POST …/validate: the issues the edited rows would have if saved, by the
 * server's own rules (nothing is stored). Off while `rows` is undefined; the
 * previous answer stays on screen while the next one is on its way. Keyed by
 * its own operation, so it never shares a cache entry with the editing view.
 */
export function rowIssuesQueryOptions(id: number, rows: InstanceRowsSave["rows"] | undefined) {
  return $api.queryOptions(
    "post",
    "/console/instances/{id}/validate",
    { params: { path: { id } }, body: { rows: rows ?? [] } },
    {
      enabled: rows !== undefined,
      placeholderData: keepPreviousData,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      select: (check): InstanceRowsCheck => check as InstanceRowsCheck,
    },
  );
}

export function useRowIssues(id: number, rows: InstanceRowsSave["rows"] | undefined) {
  return useQuery(rowIssuesQueryOptions(id, rows));
}
