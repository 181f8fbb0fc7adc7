/** Deployment plan words without zod, for the console (docs/deployment-plans.md). */
export const DEPLOYMENT_PLAN_STATUSES = ["RUNNING", "SUCCEEDED", "FAILED"] as const;
export type DeploymentPlanStatus = (typeof DEPLOYMENT_PLAN_STATUSES)[number];

/**
 * A step is PENDING until its run is queued, then follows its run (QUEUED,
 * RUNNING, SUCCEEDED, FAILED); the steps after a failure end SKIPPED.
 */
export const DEPLOYMENT_PLAN_STEP_STATUSES = [
  "PENDING",
  "QUEUED",
  "RUNNING",
  "SUCCEEDED",
  "FAILED",
  "SKIPPED",
] as const;
export type DeploymentPlanStepStatus = (typeof DEPLOYMENT_PLAN_STEP_STATUSES)[number];
