import { BuildDeployment, BuildDeploymentCreate, BuildDeploymentQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listBuildDeployments = defineOperation({
  method: "get",
  path: "/api/v1/build_deployments",
  summary: "Runs of deployment definitions on builds, in the projects the user may access",
  tags: ["build_deployments"],
  query: BuildDeploymentQuery,
  response: z.array(BuildDeployment),
});

export const getBuildDeployment = defineOperation({
  method: "get",
  path: "/api/v1/build_deployments/:id",
  summary: "One build deployment with its status and log",
  tags: ["build_deployments"],
  params: IdParam,
  response: BuildDeployment,
});

export const createBuildDeployment = defineOperation({
  method: "post",
  path: "/api/v1/build_deployments",
  errors: [409],
  summary: "Deploy a finished build's archive through an agent",
  description:
    "Needs `write_builds` on the build's project. Give the deployment definition by " +
    "`deployment_id` or by name (`deployment`, among the build's patterns), and one agent " +
    "(`agent_id`: integer id or UUID) or a group (`agent_group` / `agent_group_id`) whose " +
    "least busy online agent takes the run. Answers 201 with the run QUEUED; it moves to " +
    "RUNNING, then SUCCEEDED or FAILED. 409 when the build is not FINISHED or no agent is online.",
  tags: ["build_deployments"],
  body: BuildDeploymentCreate,
  response: BuildDeployment,
  status: 201,
});
