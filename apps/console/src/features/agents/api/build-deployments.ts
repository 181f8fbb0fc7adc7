import type { BuildDeployment, BuildDeploymentCreate } from "@metabuild/contract";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { $api, answer, api, invalidate, queryKeyOf } from "../../../lib/api/client.ts";

/** The key prefix of every list of deployment runs. */
export const runListKey = queryKeyOf("/v1/build_deployments");

/** Recent deployment runs, newest first. */
export function buildDeploymentsQueryOptions(buildId?: number) {
  return queryOptions({
    queryKey: [...runListKey, { buildId: buildId ?? null }],
    queryFn: async ({ signal }): Promise<BuildDeployment[]> =>
      answer(
        api.GET("/v1/build_deployments", {
          params: { query: { build_id: buildId, $limit: 50, $sort: { id: "-1" } } },
          signal,
        }),
      ),
  });
}

export function useBuildDeployments(buildId?: number) {
  return useQuery(buildDeploymentsQueryOptions(buildId));
}

export function buildDeploymentQueryOptions(id: number) {
  return $api.queryOptions("get", "/v1/build_deployments/{id}", { params: { path: { id } } });
}

export function useBuildDeployment(id: number) {
  return useQuery(buildDeploymentQueryOptions(id));
}

export function useStartBuildDeployment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildDeploymentCreate) =>
      answer(api.POST("/v1/build_deployments", { body })),
    onSuccess: () => invalidate(client, "/v1/build_deployments"),
  });
}

/** A run's new status (`build_deployment.status`) into the cache. */
export function applyRunStatus(client: QueryClient, run: BuildDeployment): void {
  client.setQueryData<BuildDeployment>(buildDeploymentQueryOptions(run.id).queryKey, run);
  client.setQueriesData<BuildDeployment[]>({ queryKey: runListKey }, (list) =>
    list?.map((r) => (r.id === run.id ? run : r)),
  );
}

/** One log line (`build_deployment.log`) appended to the cached run. */
export function applyRunLog(client: QueryClient, id: number, line: string): void {
  client.setQueryData<BuildDeployment>(buildDeploymentQueryOptions(id).queryKey, (run) =>
    run ? { ...run, log: `${run.log}${line.endsWith("\n") ? line : `${line}\n`}` } : run,
  );
}
