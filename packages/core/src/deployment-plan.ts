/**
 * What a deployment plan does next, from its steps' states
 * (docs/deployment-plans.md): steps run strictly in order, the next one
 * only after the previous SUCCEEDED; the first failure ends the plan, and so
 * does a step whose run a user cancelled.
 */
export type PlanMove =
  | { kind: "start"; position: number }
  | { kind: "wait" }
  | { kind: "succeeded" }
  | { kind: "failed"; position: number }
  | { kind: "cancelled"; position: number };

export interface PlanStepState {
  position: number;
  /** The step's run status once it was started (QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED), else null. */
  run: string | null;
  /** The step's own status while it has no run: PENDING, FAILED, SKIPPED. */
  status: string;
}

export function nextPlanMove(steps: readonly PlanStepState[]): PlanMove {
  for (const step of [...steps].sort((a, b) => a.position - b.position)) {
    if (step.run === null) {
      if (step.status === "PENDING") return { kind: "start", position: step.position };
      return { kind: "failed", position: step.position };
    }
    if (step.run === "SUCCEEDED") continue;
    if (step.run === "FAILED") return { kind: "failed", position: step.position };
    if (step.run === "CANCELLED") return { kind: "cancelled", position: step.position };
    return { kind: "wait" };
  }
  return { kind: "succeeded" };
}
