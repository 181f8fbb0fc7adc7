import type { DeploymentKind, ServerMessage } from "@metabuild/contract/agent-protocol";
import {
  type BuildDeploymentRow,
  type Db,
  downloadsOfBuilds,
  findDeploymentById,
  findStoredFile,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { FileStore } from "../../infra/file-store.ts";
import type { DeploymentRuns } from "./runs.ts";

/** Hands a message to the agent's connection here; false when it is gone. */
export type Deliver = (agentId: number, msg: ServerMessage) => boolean;

/** Sends one stored run taken from its agent's queue (docs/scale-out.md "Agents"). */
export interface RunSender<Run> {
  send(run: Run, agent: { id: number; name: string }, deliver: Deliver): Promise<void>;
}

/**
 * Sends one stored, queued run to its agent: reads the deployment and the
 * pattern's archive, and hands the `deploy` message to the connection. Runs
 * in the process holding the agent's socket, whichever process stored the
 * run (docs/scale-out.md "Agents"); any failure ends the run FAILED.
 */
export class DeploymentSender implements RunSender<BuildDeploymentRow> {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly runs: DeploymentRuns,
    private readonly logger: Logger,
    /** config.deploymentTimeLimitSeconds: a definition's own `time_limit_seconds` wins. */
    private readonly timeLimitSeconds = 3600,
  ) {}

  async send(
    run: BuildDeploymentRow,
    agent: { id: number; name: string },
    deliver: Deliver,
  ): Promise<void> {
    try {
      const msg = await this.messageOf(run);
      if (!deliver(agent.id, msg))
        await this.runs.fail(run, `Agent '${agent.name}' went offline before the run was sent`);
    } catch (err) {
      if (err instanceof InvalidDefinition) return await this.runs.fail(run, err.message);
      this.logger.warn(`Build deployment ${run.id} could not be sent:`, err);
      await this.runs.fail(
        run,
        `The archive could not be sent: ${err instanceof Error ? err.message : err}`,
      );
    }
  }

  private async messageOf(run: BuildDeploymentRow): Promise<ServerMessage> {
    const deployment = await findDeploymentById(this.db, run.customerId, run.deploymentId);
    if (!deployment) throw new Error(`the deployment ${run.deploymentId} is gone`);
    const archive = (await downloadsOfBuilds(this.db, [run.buildId])).find(
      (d) => d.id === run.uploadId,
    );
    if (archive?.fileId == null) throw new Error(`the archive ${run.uploadId} is gone`);
    const file = await findStoredFile(this.db, archive.fileId);
    if (!file) throw new Error(`the stored file ${archive.fileId} is missing`);
    const data = await this.files.get(file.key);
    const config = parseConfig(deployment.config);
    return {
      type: "deploy",
      run_id: run.id,
      build_id: run.buildId,
      pattern: { id: archive.patternId, name: archive.pattern },
      deployment: {
        id: deployment.id,
        name: deployment.name,
        kind: deployment.kind as DeploymentKind,
        config,
        time_limit_seconds: timeLimitOf(deployment.name, config, this.timeLimitSeconds),
      },
      // The sum recorded when the build stored the archive, not one of the bytes read now:
      // the agent refuses an archive changed in storage since.
      archive: {
        name: archive.name,
        sha256: file.sha256,
        size: data.length,
        data: data.toString("base64"),
      },
    };
  }
}

/** A deployment definition the run cannot go ahead with; its message is the run's last line. */
class InvalidDefinition extends Error {}

/** The definition's `time_limit_seconds` (a whole number of seconds, at least 1), else the default. */
export function timeLimitOf(
  deployment: string,
  config: Record<string, unknown>,
  fallback: number,
): number {
  const value = config.time_limit_seconds;
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new InvalidDefinition(
      `Deployment '${deployment}': 'time_limit_seconds' must be a whole number of seconds, at least 1`,
    );
  return value;
}

function parseConfig(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
