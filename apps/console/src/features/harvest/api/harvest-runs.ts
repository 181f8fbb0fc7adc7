import type { HarvestCreate, HarvestRun } from "@metabuild/contract";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiJson, apiList } from "../../../lib/api-client.ts";

/** A project's recent harvest runs, newest first (GET /api/v1/harvests). */
export function harvestRunsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["harvests", "list", projectId],
    queryFn: async ({ signal }) =>
      (
        await apiList<HarvestRun>("/api/v1/harvests", {
          query: { project_id: projectId, $limit: 20, $sort: { id: -1 } },
          signal,
        })
      ).items,
  });
}

export function useHarvestRuns(projectId: number) {
  return useQuery(harvestRunsQueryOptions(projectId));
}

export function harvestRunQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["harvests", "one", id],
    queryFn: ({ signal }) => apiJson<HarvestRun>(`/api/v1/harvests/${id}`, { signal }),
  });
}

export function useHarvestRun(id: number | undefined) {
  return useQuery({ ...harvestRunQueryOptions(id ?? 0), enabled: id !== undefined });
}

export function useStartHarvest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HarvestCreate) =>
      apiJson<HarvestRun>("/api/v1/harvests", { method: "POST", body }),
    onSuccess: (run) => {
      client.setQueryData(harvestRunQueryOptions(run.id).queryKey, run);
      void client.invalidateQueries({ queryKey: ["harvests", "list"] });
    },
  });
}

/** A run's new status (`harvest_run.status`) into the cache. */
export function applyHarvestStatus(client: QueryClient, run: HarvestRun): void {
  client.setQueryData(harvestRunQueryOptions(run.id).queryKey, run);
  client.setQueriesData<HarvestRun[]>({ queryKey: ["harvests", "list"] }, (list) =>
    list?.some((r) => r.id === run.id)
      ? list.map((r) => (r.id === run.id ? run : r))
      : list && [run, ...list],
  );
}

/** One log line (`harvest_run.log`) appended to the cached run. */
export function applyHarvestLog(client: QueryClient, id: number, line: string): void {
  client.setQueryData(harvestRunQueryOptions(id).queryKey, (run) =>
    run ? { ...run, log: `${run.log}${line.endsWith("\n") ? line : `${line}\n`}` } : run,
  );
}
