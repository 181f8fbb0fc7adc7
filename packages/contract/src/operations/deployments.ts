import { Deployment, DeploymentQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listDeployments = defineOperation({
  method: "get",
  path: "/api/v1/deployments",
  summary: "Deployment definitions of the customer's patterns",
  description: "Filter by `pattern` (name) or `pattern_id`, and `name`.",
  tags: ["deployments"],
  query: DeploymentQuery,
  response: z.array(Deployment),
});

export const getDeployment = defineOperation({
  method: "get",
  path: "/api/v1/deployments/:id",
  summary: "One deployment definition",
  tags: ["deployments"],
  params: IdParam,
  response: Deployment,
});
