import { BuildDeployment, BuildDeploymentQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listBuildDeployments = defineOperation({
  method: "get",
  path: "/api/v1/build_deployments",
  summary: "Runs of deployment definitions on builds, in the projects the user may access",
  tags: ["build_deployments"],
  query: BuildDeploymentQuery,
  response: z.array(BuildDeployment),
});
