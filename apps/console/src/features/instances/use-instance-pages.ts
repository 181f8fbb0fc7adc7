import { useQueryClient } from "@tanstack/react-query";
import type { IDatasource } from "ag-grid-community";
import { useMemo, useRef, useState } from "react";
import type { QueryValue } from "../../lib/query-string.ts";
import { instancePageQueryOptions } from "./api/get-instances.ts";

/** What the last page request of one datasource (`key`) gave. */
type Outcome = { key: string } & ({ total: number } | { error: unknown });

/**
 * The instance grid's pages, fetched as it scrolls (the server pages and
 * sorts, docs/reference/rules.md §3): the grid's datasource, the count of
 * matching instances once known, the error of the last page, and `retry`.
 */
export function useInstancePages(filter: Record<string, QueryValue>): {
  datasource: IDatasource;
  total: number | undefined;
  error: unknown;
  retry: () => void;
} {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const [reloads, setReloads] = useState(0);
  const filterKey = JSON.stringify(filter);
  const key = `${reloads}:${filterKey}`;
  // Answers that arrive for an earlier filter are dropped.
  const latest = useRef(key);
  latest.current = key;

  // A new datasource (new filters) makes the grid start over from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter and retries
  const datasource = useMemo<IDatasource>(() => {
    return {
      getRows(p) {
        const s = p.sortModel[0];
        queryClient
          .fetchQuery(
            instancePageQueryOptions({
              filter,
              skip: p.startRow,
              limit: p.endRow - p.startRow,
              sort: s ? { field: s.colId, desc: s.sort === "desc" } : undefined,
            }),
          )
          .then((page) => {
            if (key !== latest.current) return;
            setOutcome({ key, total: page.total });
            p.successCallback(page.items, page.total);
          })
          .catch((error: unknown) => {
            if (key !== latest.current) return;
            setOutcome({ key, error });
            p.failCallback();
          });
      },
    };
  }, [key, queryClient]);

  const current = outcome?.key === key ? outcome : undefined;
  return {
    datasource,
    total: current && "total" in current ? current.total : undefined,
    error: current && "error" in current ? current.error : undefined,
    retry: () => setReloads((n) => n + 1),
  };
}
