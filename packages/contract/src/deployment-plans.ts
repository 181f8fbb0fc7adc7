import { z } from "zod";
import { Paging, queryInt } from "./common.ts";
import {
  DEPLOYMENT_PLAN_STATUSES,
  DEPLOYMENT_PLAN_STEP_STATUSES,
} from "./deployment-plan-statuses.ts";

export * from "./deployment-plan-statuses.ts";

/** One step of a plan: a deployment of one pattern's archive (docs/deployment-plans.md). */
export const DeploymentPlanStep = z
  .object({
    position: z.number().int().meta({ description: "1 for the first step" }),
    pattern: z.string(),
    pattern_id: z.number().int(),
    deployment: z.string().meta({ description: "The deployment definition's name" }),
    deployment_id: z.number().int().meta({ description: "The deployment definition's id" }),
    build_deployment_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The step's run (a BuildDeployment), once it was started" }),
    status: z.enum(DEPLOYMENT_PLAN_STEP_STATUSES),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
  })
  .meta({ id: "DeploymentPlanStep" });
export type DeploymentPlanStep = z.infer<typeof DeploymentPlanStep>;

/** Several deployments of one finished build, run in order on one agent. */
export const DeploymentPlan = z
  .object({
    id: z.number().int(),
    build_id: z.number().int(),
    project_id: z.number().int(),
    agent_id: z.number().int().meta({ description: "The agent every step runs on" }),
    agent_group_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The group asked for (its agent was picked when the plan started)" }),
    status: z.enum(DEPLOYMENT_PLAN_STATUSES),
    message: z.string().nullable().meta({ description: "Why the plan FAILED" }),
    steps: z.array(DeploymentPlanStep),
    created_at: z.string(),
    ended_at: z.string().nullable(),
  })
  .meta({ id: "DeploymentPlan" });
export type DeploymentPlan = z.infer<typeof DeploymentPlan>;

const id = z.number().int().positive();

export const DeploymentPlanStepCreate = z
  .object({
    pattern: z.string().min(1).meta({ description: "A pattern the build built, by name" }),
    deployment: z.string().min(1).meta({ description: "A deployment of that pattern, by name" }),
  })
  .strict()
  .meta({ id: "DeploymentPlanStepCreate" });

/** Start a plan: the build, one agent or a group, and the steps in the order they run. */
export const DeploymentPlanCreate = z
  .object({
    build_id: id,
    agent_id: z
      .union([id, z.string().min(1)], { error: "must be the agent's integer id or its UUID" })
      .optional()
      .meta({ description: "The agent's integer id or its UUID" }),
    agent_group: z.string().min(1).optional(),
    agent_group_id: id.optional(),
    steps: z
      .array(DeploymentPlanStepCreate)
      .min(1, { error: "must hold at least one step" })
      .meta({ description: "Run in this order; each starts only after the previous SUCCEEDED" }),
    order: z.enum(["given", "graph"], { error: "must be given or graph" }).optional().meta({
      description:
        "`graph`: the steps run in the lineage graph's dependency order of their patterns (docs/lineage.md); `given` (the default): as listed",
    }),
  })
  .strict()
  .meta({ id: "DeploymentPlanCreate" });
export type DeploymentPlanCreate = z.infer<typeof DeploymentPlanCreate>;

export const DeploymentPlanQuery = Paging.extend({ build_id: queryInt.optional() });
export type DeploymentPlanQuery = z.infer<typeof DeploymentPlanQuery>;
