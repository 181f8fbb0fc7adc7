import { BuildDeployment, IdParam } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const cancelBuildDeployment = defineOperation({
  method: "post",
  path: "/api/console/build_deployments/:id/cancel",
  errors: [409],
  summary: "Cancel a queued or running build deployment (needs write_builds)",
  description:
    "The run ends CANCELLED at once; its agent stops it (rolled back) or never starts it. 409 when it has already ended.",
  tags: ["console"],
  params: IdParam,
  response: BuildDeployment,
});
