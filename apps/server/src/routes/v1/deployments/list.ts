import { Deployment, DeploymentQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listDeployments = defineOperation({
  method: "get",
  path: "/api/v1/deployments",
  summary: "Deployment definitions of the customer's patterns",
  description: "Filter by `pattern` (name) or `pattern_id`, and `name`.",
  tags: ["deployments"],
  query: DeploymentQuery,
  response: z.array(Deployment),
});
