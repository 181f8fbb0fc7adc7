import type { BuildDeployment, DeploymentPlan, DeploymentPlanStep } from "@metabuild/contract";
import { AppError, Forbidden, type Principal, nextPlanMove } from "@metabuild/core";
import {
  type Db,
  type DeploymentPlanRow,
  type DeploymentPlanStepRow,
  findBuildDeployment,
  findDeploymentPlan,
  findUserById,
  finishDeploymentPlan,
  linkDeploymentPlanStep,
  planOfBuildDeployment,
  runningDeploymentPlans,
  stepsOfDeploymentPlans,
  storeIsOpen,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { EventBus } from "../events.ts";
import type { BuildDeploymentService } from "./build-deployments.ts";

export function toDeploymentPlan(
  row: DeploymentPlanRow,
  steps: DeploymentPlanStepRow[],
): DeploymentPlan {
  return {
    id: row.id,
    build_id: row.buildId,
    project_id: row.projectId,
    agent_id: row.agentId,
    agent_group_id: row.agentGroupId,
    status: row.status as DeploymentPlan["status"],
    message: row.message,
    steps: steps.map((s) => ({
      position: s.position,
      pattern: s.pattern ?? `#${s.patternId}`,
      pattern_id: s.patternId,
      deployment: s.deployment ?? `#${s.deploymentId}`,
      deployment_id: s.deploymentId,
      build_deployment_id: s.buildDeploymentId,
      status: (s.runStatus ?? s.status) as DeploymentPlanStep["status"],
      started_at: s.runStartedAt,
      ended_at: s.runFinishedAt ?? (s.status === "FAILED" ? row.endedAt : null),
    })),
    created_at: row.createdAt,
    ended_at: row.endedAt,
  };
}

const isUnfinished = (status: string | null) => status === "QUEUED" || status === "RUNNING";

const label = (s: DeploymentPlanStepRow) =>
  `Step ${s.position} (${s.pattern ?? s.patternId}, ${s.deployment ?? s.deploymentId})`;

/**
 * Moves deployment plans along (docs/deployment-plans.md): each step is an
 * ordinary build deployment started through BuildDeploymentService, so the
 * agent sees nothing new. The runner follows `build_deployment.status`
 * events; when a step's run SUCCEEDED it starts the next, when it FAILED the
 * plan ends FAILED and the later steps SKIPPED. Every change of a plan or
 * of one of its steps is published as `deployment_plan.status`.
 */
export class DeploymentPlanRunner {
  /** Plans being advanced now: a nested event for one of them is seen by the outer loop. */
  private readonly advancing = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly deployments: BuildDeploymentService,
    private readonly logger: Logger,
    /** This process is the store's only server (SQLite, under its lease). */
    private readonly onlyServer = true,
  ) {
    events.subscribe(async (event) => {
      if (event.type !== "build_deployment.status" || !storeIsOpen(this.db)) return;
      const run = event.build_deployment as BuildDeployment;
      const planId = await planOfBuildDeployment(this.db, run.id);
      if (planId !== undefined) await this.advance(event.customerId as number, planId);
    });
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** Starts what can start, ends the plan when it is done, then publishes it. */
  async advance(customerId: number, planId: number): Promise<void> {
    if (this.advancing.has(planId)) return;
    this.advancing.add(planId);
    try {
      for (;;) {
        const plan = await findDeploymentPlan(this.db, customerId, planId);
        if (plan?.status !== "RUNNING") break;
        const steps = await stepsOfDeploymentPlans(this.db, [planId]);
        const move = nextPlanMove(
          steps.map((s) => ({ position: s.position, run: s.runStatus, status: s.status })),
        );
        if (move.kind === "wait") break;
        if (move.kind === "succeeded") {
          await finishDeploymentPlan(this.db, planId, {
            status: "SUCCEEDED",
            at: this.now(),
            message: null,
          });
          break;
        }
        const step = steps.find((s) => s.position === move.position) as DeploymentPlanStepRow;
        if (move.kind === "cancelled") {
          await finishDeploymentPlan(this.db, planId, {
            status: "CANCELLED",
            at: this.now(),
            message: `${label(step)} was cancelled`,
          });
          break;
        }
        if (move.kind === "failed") {
          await finishDeploymentPlan(this.db, planId, {
            status: "FAILED",
            at: this.now(),
            message: `${label(step)} failed${await this.reasonOf(plan, step)}`,
          });
          break;
        }
        await this.start(plan, step);
      }
    } finally {
      this.advancing.delete(planId);
    }
    await this.publish(customerId, planId);
  }

  /**
   * At server start. The store's only server: no step can still be running,
   * and none is started for a dead plan. One of several (docs/scale-out.md
   * "Agents"): the plans go on; one a stopped process left between two steps
   * starts its next step here (a step whose run is unfinished is waited for).
   */
  async recoverAfterRestart(): Promise<void> {
    if (!this.onlyServer) {
      for (const plan of await runningDeploymentPlans(this.db))
        await this.advance(plan.customerId, plan.id);
      return;
    }
    for (const plan of await runningDeploymentPlans(this.db)) {
      await finishDeploymentPlan(this.db, plan.id, {
        status: "FAILED",
        at: this.now(),
        message: "The server restarted while the plan was running",
      });
      await this.publish(plan.customerId, plan.id);
    }
  }

  /**
   * A user cancelled the plan: it ends CANCELLED, the steps not started end
   * SKIPPED, and the running step's run is cancelled (its agent stops it).
   * False when the plan had ended already.
   */
  async cancel(plan: DeploymentPlanRow, by: string): Promise<boolean> {
    const ended = await finishDeploymentPlan(this.db, plan.id, {
      status: "CANCELLED",
      at: this.now(),
      message: `Cancelled by ${by}`,
    });
    if (!ended) return false;
    for (const step of await stepsOfDeploymentPlans(this.db, [plan.id])) {
      if (step.buildDeploymentId === null || !isUnfinished(step.runStatus)) continue;
      const run = await findBuildDeployment(this.db, plan.customerId, step.buildDeploymentId);
      // The run may end on its own meanwhile: then there is nothing to stop.
      if (run) await this.deployments.stop(run, by).catch(() => {});
    }
    await this.publish(plan.customerId, plan.id);
    return true;
  }

  async publish(customerId: number, planId: number): Promise<void> {
    const plan = await findDeploymentPlan(this.db, customerId, planId);
    if (!plan) return;
    this.events.publish({
      type: "deployment_plan.status",
      customerId: plan.customerId,
      projectId: plan.projectId,
      deployment_plan: toDeploymentPlan(plan, await stepsOfDeploymentPlans(this.db, [plan.id])),
    });
  }

  /** The step's run, through the normal deployment path, on the plan's agent. */
  private async start(plan: DeploymentPlanRow, step: DeploymentPlanStepRow): Promise<void> {
    try {
      const run = await this.deployments.create(await this.starterOf(plan), {
        build_id: plan.buildId,
        deployment_id: step.deploymentId,
        agent_id: plan.agentId,
      });
      await linkDeploymentPlanStep(this.db, plan.id, step.position, run.id);
    } catch (err) {
      if (!(err instanceof AppError))
        this.logger.warn(`Deployment plan ${plan.id} could not start step ${step.position}:`, err);
      const reason = err instanceof Error ? err.message : String(err);
      await finishDeploymentPlan(
        this.db,
        plan.id,
        { status: "FAILED", at: this.now(), message: `${label(step)} could not start: ${reason}` },
        step.position,
      );
    }
  }

  /** The user who started the plan: later steps are started with their permissions. */
  private async starterOf(plan: DeploymentPlanRow): Promise<Principal> {
    const user = await findUserById(this.db, plan.userId);
    if (!user || user.disabled === 1)
      throw new Forbidden("The user who started the plan is disabled or gone");
    return { id: user.id, customerId: user.customerId, email: user.email, admin: user.admin === 1 };
  }

  /** The last line of a failed run's log (its reason), after a colon. */
  private async reasonOf(plan: DeploymentPlanRow, step: DeploymentPlanStepRow): Promise<string> {
    if (step.buildDeploymentId === null) return "";
    const run = await findBuildDeployment(this.db, plan.customerId, step.buildDeploymentId);
    const last = run?.log.trimEnd().split("\n").pop()?.trim();
    return last ? `: ${last.length > 500 ? `${last.slice(0, 500)}…` : last}` : "";
  }
}
