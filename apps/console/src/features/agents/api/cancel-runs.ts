import type { BuildDeployment, DeploymentPlan } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { applyRunStatus } from "./build-deployments.ts";
import { applyPlanStatus } from "./deployment-plans.ts";

/** POST /api/console/build_deployments/:id/cancel: the run ends CANCELLED, its agent stops it. */
export function useCancelBuildDeployment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<BuildDeployment>(`/api/console/build_deployments/${id}/cancel`, { method: "POST" }),
    onSuccess: (run) => applyRunStatus(client, run),
  });
}

/** POST /api/console/deployment_plans/:id/cancel: the plan ends CANCELLED, the rest SKIPPED. */
export function useCancelDeploymentPlan(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<DeploymentPlan>(`/api/console/deployment_plans/${id}/cancel`, { method: "POST" }),
    onSuccess: (plan) => applyPlanStatus(client, plan),
  });
}
