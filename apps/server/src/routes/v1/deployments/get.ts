import { IdParam, Deployment } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getDeployment = defineOperation({
  method: "get",
  path: "/api/v1/deployments/:id",
  summary: "One deployment definition",
  tags: ["deployments"],
  params: IdParam,
  response: Deployment,
});
