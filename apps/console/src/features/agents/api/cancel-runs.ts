import type { BuildDeployment, DeploymentPlan } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { applyRunStatus } from "./build-deployments.ts";
import { applyPlanStatus } from "./deployment-plans.ts";

/** Cancels a queued or running build deployment: it ends CANCELLED, its agent stops it. */
export function useCancelBuildDeployment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      answer(
        api.POST("/console/build_deployments/{id}/cancel", { params: { path: { id } } }),
      ) as Promise<BuildDeployment>,
    onSuccess: (run) => applyRunStatus(client, run),
  });
}

/** Cancels a running deployment plan: it ends CANCELLED, the steps not started SKIPPED. */
export function useCancelDeploymentPlan(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      answer(
        api.POST("/console/deployment_plans/{id}/cancel", { params: { path: { id } } }),
      ) as Promise<DeploymentPlan>,
    onSuccess: (plan) => applyPlanStatus(client, plan),
  });
}
