import type { BuildDeployment } from "@metabuild/contract";
import {
  type AgentRow,
  type BuildDeploymentRow,
  type Db,
  appendBuildDeploymentLog,
  findBuildDeployment,
  finishBuildDeployment,
  markBuildDeploymentRunning,
  unfinishedBuildDeployments,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { EventBus } from "../events.ts";
import { neutraliseLogLine, placeLogLine, serverLine } from "./run-log.ts";

export function toBuildDeployment(
  row: BuildDeploymentRow,
  queuePosition: number | null = null,
): BuildDeployment {
  return {
    id: row.id,
    build_id: row.buildId,
    project_id: row.projectId,
    pattern_id: row.patternId,
    deployment_id: row.deploymentId,
    upload_id: row.uploadId,
    agent_id: row.agentId,
    agent_group_id: row.agentGroupId,
    status: row.status as BuildDeployment["status"],
    queue_position: row.status === "QUEUED" ? queuePosition : null,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    log: row.log,
    created_at: row.createdAt,
  };
}

/**
 * The life of a build deployment after it is queued: QUEUED → RUNNING →
 * SUCCEEDED | FAILED, or CANCELLED by a user at any point before it ends. Every change is stored first, then published on the
 * event bus (`build_deployment.status`, `build_deployment.log`) so the
 * console can follow it live. A run only ever ends once.
 */
export class DeploymentRuns {
  /** Runs whose log reached the cap (by id, with their agent): later lines are dropped unread. */
  private readonly truncated = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /** The cap of a run's stored log (config.agentRunLogMaxBytes, docs/agents.md). */
    private readonly logMaxBytes = 1024 * 1024,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** The run, if it was sent to this agent (an agent cannot touch others' runs). */
  private async runOf(agent: AgentRow, runId: number): Promise<BuildDeploymentRow | undefined> {
    const row = await findBuildDeployment(this.db, agent.customerId, runId);
    return row && row.agentId === agent.id ? row : undefined;
  }

  async started(agent: AgentRow, runId: number): Promise<void> {
    const run = await this.runOf(agent, runId);
    if (run && (await markBuildDeploymentRunning(this.db, runId, this.now())))
      await this.publishStatus(run);
  }

  /** Appends one agent line, control characters escaped, up to the log's cap. */
  async log(agent: AgentRow, runId: number, line: string): Promise<void> {
    if (this.truncated.get(runId) === agent.id) return;
    const run = await this.runOf(agent, runId);
    if (!run) return;
    const placed = placeLogLine(
      Buffer.byteLength(run.log),
      neutraliseLogLine(line),
      this.logMaxBytes,
    );
    if (!(await appendBuildDeploymentLog(this.db, runId, [placed.append]))) return;
    if (placed.truncated) this.truncated.set(runId, agent.id);
    this.events.publish({
      type: "build_deployment.log",
      customerId: run.customerId,
      projectId: run.projectId,
      id: runId,
      line: placed.append,
    });
  }

  async finished(
    agent: AgentRow,
    runId: number,
    status: "SUCCEEDED" | "FAILED",
    message?: string,
  ): Promise<void> {
    const run = await this.runOf(agent, runId);
    if (!run) return;
    // The agent logs its own failure reason; only a bare FAILED needs a line.
    const lines = status === "FAILED" && !message ? ["FAILED"] : [];
    this.truncated.delete(runId);
    if (await finishBuildDeployment(this.db, runId, status, this.now(), lines))
      await this.publishStatus(run);
  }

  /** Ends a run the server gave up on, with the reason as its last log line. */
  async fail(run: BuildDeploymentRow, reason: string): Promise<void> {
    this.truncated.delete(run.id);
    const line = serverLine(`FAILED: ${reason}`);
    if (await finishBuildDeployment(this.db, run.id, "FAILED", this.now(), [line]))
      await this.publishStatus(run);
  }

  /** A user cancelled the run: it ends CANCELLED now; false when it had ended already. */
  async cancel(run: BuildDeploymentRow, by: string): Promise<boolean> {
    this.truncated.delete(run.id);
    const line = serverLine(`CANCELLED by ${by}`);
    if (!(await finishBuildDeployment(this.db, run.id, "CANCELLED", this.now(), [line])))
      return false;
    await this.publishStatus(run);
    return true;
  }

  /** The agent is gone: its unfinished runs cannot end well. */
  async failRunsOf(agent: AgentRow, reason: string): Promise<void> {
    for (const run of await unfinishedBuildDeployments(this.db, agent.id))
      await this.fail(run, reason);
  }

  async failAllUnfinished(reason: string): Promise<void> {
    for (const run of await unfinishedBuildDeployments(this.db)) await this.fail(run, reason);
  }

  /** Publishes the run as it is stored now. */
  async publishStatus(run: BuildDeploymentRow): Promise<void> {
    const row = await findBuildDeployment(this.db, run.customerId, run.id);
    if (!row) return;
    this.events.publish({
      type: "build_deployment.status",
      customerId: row.customerId,
      projectId: row.projectId,
      build_deployment: toBuildDeployment(row),
    });
  }
}
