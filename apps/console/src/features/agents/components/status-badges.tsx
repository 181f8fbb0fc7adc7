import type { DeploymentPlanStatus, DeploymentPlanStepStatus } from "@metabuild/contract";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";

const TONE: Record<DeploymentPlanStepStatus, BadgeTone> = {
  PENDING: "neutral",
  QUEUED: "neutral",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "danger",
  CANCELLED: "warning",
  SKIPPED: "warning",
};

const MEANING: Record<DeploymentPlanStepStatus, string> = {
  PENDING: "Starts when the step before it has succeeded",
  QUEUED: "Sent to the agent, not started yet",
  RUNNING: "The agent is deploying",
  SUCCEEDED: "Deployed",
  FAILED: "Failed: the steps after it are skipped",
  CANCELLED: "Stopped by a user: the steps after it are skipped",
  SKIPPED: "Not run: an earlier step failed or the plan was cancelled",
};

/** A plan's or a step's status, in words, with its meaning on hover. */
export function PlanStatusBadge({
  status,
}: {
  status: DeploymentPlanStatus | DeploymentPlanStepStatus;
}) {
  return (
    <Badge tone={TONE[status]} title={MEANING[status]}>
      {status.toLowerCase()}
    </Badge>
  );
}
