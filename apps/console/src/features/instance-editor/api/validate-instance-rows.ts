import type { InstanceRowsCheck, InstanceRowsSave } from "@metabuild/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/**
 * POST …/validate: the issues the edited rows would have if saved, by the
 * server's own rules (nothing is stored). Off while `rows` is undefined; the
 * previous answer stays on screen while the next one is on its way.
 */
export function useRowIssues(id: number, rows: InstanceRowsSave["rows"] | undefined) {
  return useQuery({
    queryKey: [...queryKeyOf("/console/instances/{id}/editing"), { id, validate: rows }],
    queryFn: ({ signal }) =>
      answer(
        api.POST("/console/instances/{id}/validate", {
          params: { path: { id } },
          body: { rows: rows ?? [] },
          signal,
        }),
      ) as Promise<InstanceRowsCheck>,
    enabled: rows !== undefined,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
