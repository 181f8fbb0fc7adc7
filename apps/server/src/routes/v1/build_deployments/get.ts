import { BuildDeployment, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getBuildDeployment = defineOperation({
  method: "get",
  path: "/api/v1/build_deployments/:id",
  summary: "One build deployment with its status and log",
  tags: ["build_deployments"],
  params: IdParam,
  response: BuildDeployment,
});
