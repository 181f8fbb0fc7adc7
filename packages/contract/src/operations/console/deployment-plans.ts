import { DeploymentPlan, DeploymentPlanCreate, DeploymentPlanQuery, IdParam } from "../../index.ts";
import { z } from "zod";
import { defineOperation } from "../operation.ts";

export const listDeploymentPlans = defineOperation({
  method: "get",
  path: "/api/console/deployment_plans",
  summary: "Deployment plans (filter `build_id`) in the projects the user may access",
  tags: ["console"],
  query: DeploymentPlanQuery,
  response: z.array(DeploymentPlan),
});

export const getDeploymentPlan = defineOperation({
  method: "get",
  path: "/api/console/deployment_plans/:id",
  summary: "One deployment plan with its steps (needs access on its project)",
  tags: ["console"],
  params: IdParam,
  response: DeploymentPlan,
});

export const createDeploymentPlan = defineOperation({
  method: "post",
  path: "/api/console/deployment_plans",
  errors: [409],
  summary: "Deploy several patterns of a finished build in order through one agent or a group",
  description:
    "Needs `write_builds` on the build's project. `steps` (`[{ pattern, deployment }]`, by name) " +
    'run in the order given (or, with `order: "graph"`, in the lineage graph\'s dependency ' +
    "order of their patterns, docs/lineage.md), each as an ordinary build deployment started only after the " +
    "previous one SUCCEEDED; the first failure ends the plan FAILED and the later steps " +
    "SKIPPED. Give one agent (`agent_id`) or a group (`agent_group` / `agent_group_id`): a " +
    "group's least busy online agent is picked once and runs every step. Answers 201 with the " +
    "plan RUNNING. 400 names the step field (`steps.1.pattern`); 409 when the build is not " +
    "FINISHED, the agent or group is offline, or a graph order meets a cycle (named).",
  tags: ["console"],
  body: DeploymentPlanCreate,
  response: DeploymentPlan,
  status: 201,
});

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
