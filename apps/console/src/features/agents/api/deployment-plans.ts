import type { DeploymentPlan, DeploymentPlanCreate } from "@metabuild/contract";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** Query keys of deployment plans, in one place. */
export const planKeys = {
  one: (id: number) => [...queryKeyOf("/console/deployment_plans/{id}"), { id }] as const,
  ofBuild: (buildId: number) => [...queryKeyOf("/console/deployment_plans"), { buildId }] as const,
  patternDefinition: (id: number) =>
    [...queryKeyOf("/console/patterns/{id}"), { id, deployments: true }] as const,
  build: (id: number) => [...queryKeyOf("/v1/builds/{id}"), { id, plan: true }] as const,
};

export function deploymentPlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: planKeys.one(id),
    queryFn: ({ signal }): Promise<DeploymentPlan> =>
      answer(api.GET("/console/deployment_plans/{id}", { params: { path: { id } }, signal })),
  });
}

export function useDeploymentPlan(id: number) {
  return useQuery(deploymentPlanQueryOptions(id));
}

/** The latest plans of every build the user may see, newest first (the agents page). */
export function useRecentDeploymentPlans() {
  return useQuery({
    queryKey: planKeys.ofBuild(0),
    queryFn: async ({ signal }): Promise<DeploymentPlan[]> =>
      answer(
        api.GET("/console/deployment_plans", {
          params: { query: { $limit: 20, $sort: { id: "-1" } } },
          signal,
        }),
      ),
  });
}

/** The plans of one build, newest first. */
export function useDeploymentPlansOfBuild(buildId: number | undefined) {
  return useQuery({
    queryKey: planKeys.ofBuild(buildId ?? 0),
    queryFn: async ({ signal }): Promise<DeploymentPlan[]> =>
      answer(
        api.GET("/console/deployment_plans", {
          params: { query: { build_id: buildId, $limit: 20, $sort: { id: "-1" } } },
          signal,
        }),
      ),
    enabled: buildId !== undefined,
  });
}

export function useStartDeploymentPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeploymentPlanCreate) =>
      answer(api.POST("/console/deployment_plans", { body })),
    onSuccess: (plan) => {
      client.setQueryData(planKeys.one(plan.id), plan);
      void client.invalidateQueries({ queryKey: planKeys.ofBuild(plan.build_id) });
      void client.invalidateQueries({ queryKey: planKeys.ofBuild(0) });
    },
  });
}

/** The deployments (with their kinds) of the patterns a build built, for the default steps. */
export function usePatternDeployments(patternIds: readonly number[]) {
  return useQueries({
    queries: patternIds.map((id) => ({
      queryKey: planKeys.patternDefinition(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const p = await answer(
          api.GET("/console/patterns/{id}", { params: { path: { id } }, signal }),
        );
        return {
          id,
          name: p.definition.name,
          deployments: (p.definition.deployments ?? []).map((d) => ({
            name: d.name,
            kind: d.kind,
          })),
        };
      },
      staleTime: 60_000,
    })),
    combine: (results) => ({
      data: results.every((r) => r.data)
        ? results.map((r) => r.data as NonNullable<typeof r.data>)
        : undefined,
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}

/** A plan's new state (`deployment_plan.status`) into the cache. */
export function applyPlanStatus(client: QueryClient, plan: DeploymentPlan): void {
  client.setQueryData(planKeys.one(plan.id), plan);
  // The build's list and the recent list (key 0) hold the plan if it is listed at all.
  for (const key of [planKeys.ofBuild(plan.build_id), planKeys.ofBuild(0)])
    client.setQueriesData<DeploymentPlan[]>({ queryKey: key }, (list) =>
      list?.map((p) => (p.id === plan.id ? plan : p)),
    );
}
