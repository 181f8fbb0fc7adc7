import type { HarvestCreate, HarvestRun } from "@metabuild/contract";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { $api, answer, api, invalidate, queryKeyOf } from "../../../lib/api/client.ts";

/** The key prefix of every harvest runs list. */
export const harvestListKey = queryKeyOf("/v1/harvests");

/** A project's recent harvest runs, newest first. */
export function harvestRunsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [...harvestListKey, { projectId }],
    queryFn: async ({ signal }): Promise<HarvestRun[]> =>
      answer(
        api.GET("/v1/harvests", {
          params: { query: { project_id: projectId, $limit: 20, $sort: { id: "-1" } } },
          signal,
        }),
      ),
  });
}

export function useHarvestRuns(projectId: number) {
  return useQuery(harvestRunsQueryOptions(projectId));
}

export function harvestRunQueryOptions(id: number) {
  return $api.queryOptions("get", "/v1/harvests/{id}", { params: { path: { id } } });
}

export function useHarvestRun(id: number | undefined) {
  return useQuery({ ...harvestRunQueryOptions(id ?? 0), enabled: id !== undefined });
}

export function useStartHarvest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HarvestCreate) => answer(api.POST("/v1/harvests", { body })),
    onSuccess: (run) => {
      client.setQueryData<HarvestRun>(harvestRunQueryOptions(run.id).queryKey, run);
      void invalidate(client, "/v1/harvests");
    },
  });
}

/** A run's new status (`harvest_run.status`) into the cache. */
export function applyHarvestStatus(client: QueryClient, run: HarvestRun): void {
  client.setQueryData<HarvestRun>(harvestRunQueryOptions(run.id).queryKey, run);
  client.setQueriesData<HarvestRun[]>({ queryKey: harvestListKey }, (list) =>
    list?.some((r) => r.id === run.id)
      ? list.map((r) => (r.id === run.id ? run : r))
      : list && [run, ...list],
  );
}

/** One log line (`harvest_run.log`) appended to the cached run. */
export function applyHarvestLog(client: QueryClient, id: number, line: string): void {
  client.setQueryData<HarvestRun>(harvestRunQueryOptions(id).queryKey, (run) =>
    run ? { ...run, log: `${run.log}${line.endsWith("\n") ? line : `${line}\n`}` } : run,
  );
}
