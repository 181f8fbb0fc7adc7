import { DeploymentPlan, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getDeploymentPlan = defineOperation({
  method: "get",
  path: "/api/console/deployment_plans/:id",
  summary: "One deployment plan with its steps (needs access on its project)",
  tags: ["console"],
  params: IdParam,
  response: DeploymentPlan,
});
