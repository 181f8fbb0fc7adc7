/** Deployment plan words without zod, for the console (docs/deployment-plans.md). */
/** CANCELLED: stopped by a user (`POST …/deployment_plans/:id/cancel`) or its running step was cancelled. */
export const DEPLOYMENT_PLAN_STATUSES = ["RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;
export type DeploymentPlanStatus = (typeof DEPLOYMENT_PLAN_STATUSES)[number];

/**
 * A step is PENDING until its run is queued, then follows its run (QUEUED,
 * RUNNING, SUCCEEDED, FAILED, CANCELLED); the steps after a failure or a
 * cancel end SKIPPED.
 */
export const DEPLOYMENT_PLAN_STEP_STATUSES = [
  "PENDING",
  "QUEUED",
  "RUNNING",
  "SUCCEEDED",
  "FAILED",
  "CANCELLED",
  "SKIPPED",
] as const;
export type DeploymentPlanStepStatus = (typeof DEPLOYMENT_PLAN_STEP_STATUSES)[number];
