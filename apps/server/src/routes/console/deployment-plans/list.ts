import { DeploymentPlan, DeploymentPlanQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listDeploymentPlans = defineOperation({
  method: "get",
  path: "/api/console/deployment_plans",
  summary: "Deployment plans (filter `build_id`) in the projects the user may access",
  tags: ["console"],
  query: DeploymentPlanQuery,
  response: z.array(DeploymentPlan),
});
