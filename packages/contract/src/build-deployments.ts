import { z } from "zod";
import { Paging, queryInt } from "./common.ts";
import { PatternRef } from "./patterns.ts";

/** CANCELLED: a user stopped it (`POST /api/console/build_deployments/:id/cancel`, docs/agents.md). */
export const BUILD_DEPLOYMENT_STATUSES = [
  "QUEUED",
  "RUNNING",
  "SUCCEEDED",
  "FAILED",
  "CANCELLED",
] as const;
export const BuildDeploymentStatus = z.enum(BUILD_DEPLOYMENT_STATUSES);
export type BuildDeploymentStatus = z.infer<typeof BuildDeploymentStatus>;

/** One run of a deployment definition on a finished build's archive (docs/reference/rules.md §10). */
export const BuildDeployment = z
  .object({
    id: z.number().int(),
    build_id: z.number().int(),
    project_id: z.number().int(),
    pattern_id: z.number().int(),
    deployment_id: z.number().int(),
    upload_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The download (the pattern's archive of the build) deployed" }),
    agent_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The agent (its integer id) the run was sent to" }),
    agent_group_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The group asked for, when the run was started on a group" }),
    status: BuildDeploymentStatus,
    queue_position: z.number().int().positive().nullable().meta({
      description:
        "While QUEUED: the run's place in its agent's line (1 = next; runs and harvests ahead of it count), else null",
    }),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    log: z.string().meta({ description: "The agent's log lines, each ending in a newline" }),
    created_at: z.string(),
  })
  .meta({ id: "BuildDeployment" });
export type BuildDeployment = z.infer<typeof BuildDeployment>;

const id = z.number().int().positive();

/**
 * Start a run: the build, the deployment definition (by id, or by name among
 * the build's patterns), and one agent or a group to pick an online agent from.
 */
export const BuildDeploymentCreate = z
  .object({
    build_id: id,
    deployment: z.string().min(1).optional(),
    deployment_id: id.optional(),
    agent_id: z
      .union([id, z.string().min(1)], { error: "must be the agent's integer id or its UUID" })
      .optional()
      .meta({ description: "The agent's integer id or its UUID (`agent_id` of an Agent)" }),
    agent_group: z.string().min(1).optional(),
    agent_group_id: id.optional(),
  })
  .strict()
  .meta({ id: "BuildDeploymentCreate" });
export type BuildDeploymentCreate = z.infer<typeof BuildDeploymentCreate>;

export const BuildDeploymentQuery = Paging.extend(PatternRef.shape).extend({
  build_id: queryInt.optional(),
  deployment: z.string().optional(),
  deployment_id: queryInt.optional(),
});
export type BuildDeploymentQuery = z.infer<typeof BuildDeploymentQuery>;
