import { DeploymentPlan, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const cancelDeploymentPlan = defineOperation({
  method: "post",
  path: "/api/console/deployment_plans/:id/cancel",
  errors: [409],
  summary: "Cancel a running deployment plan (needs write_builds)",
  description:
    "The plan ends CANCELLED, its running step's run is cancelled (the agent stops it) and the steps not started end SKIPPED. 409 when it has already ended.",
  tags: ["console"],
  params: IdParam,
  response: DeploymentPlan,
});
