import type { BuildDeployment, BuildDeploymentCreate } from "@metabuild/contract";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiJson, apiList } from "../../../lib/api-client.ts";

/** Recent deployment runs, newest first (GET /api/v1/build_deployments). */
export function buildDeploymentsQueryOptions(buildId?: number) {
  return queryOptions({
    queryKey: ["build_deployments", "list", buildId ?? null],
    queryFn: async ({ signal }) =>
      (
        await apiList<BuildDeployment>("/api/v1/build_deployments", {
          query: { build_id: buildId, $limit: 50, $sort: { id: -1 } },
          signal,
        })
      ).items,
  });
}

export function useBuildDeployments(buildId?: number) {
  return useQuery(buildDeploymentsQueryOptions(buildId));
}

export function buildDeploymentQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["build_deployments", "one", id],
    queryFn: ({ signal }) =>
      apiJson<BuildDeployment>(`/api/v1/build_deployments/${id}`, { signal }),
  });
}

export function useBuildDeployment(id: number) {
  return useQuery(buildDeploymentQueryOptions(id));
}

export function useStartBuildDeployment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildDeploymentCreate) =>
      apiJson<BuildDeployment>("/api/v1/build_deployments", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["build_deployments", "list"] }),
  });
}

/** A run's new status (`build_deployment.status`) into the cache. */
export function applyRunStatus(client: QueryClient, run: BuildDeployment): void {
  client.setQueryData(buildDeploymentQueryOptions(run.id).queryKey, run);
  client.setQueriesData<BuildDeployment[]>({ queryKey: ["build_deployments", "list"] }, (list) =>
    list?.map((r) => (r.id === run.id ? run : r)),
  );
}

/** One log line (`build_deployment.log`) appended to the cached run. */
export function applyRunLog(client: QueryClient, id: number, line: string): void {
  client.setQueryData(buildDeploymentQueryOptions(id).queryKey, (run) =>
    run ? { ...run, log: `${run.log}${line.endsWith("\n") ? line : `${line}\n`}` } : run,
  );
}
