import type { DeployMessage, HarvestMessage } from "@metabuild/contract/agent-protocol";
import { openVerifiedArchive } from "./archive.ts";
import { type AgentConfig, databaseTarget, directoryTarget } from "./config.ts";
import { deployDirectory } from "./deploy-directory.ts";
import { deploySql } from "./deploy-sql.ts";
import { type HarvestReporter, runHarvest } from "./harvest.ts";

/** Where a run's progress goes: back to the server over the socket. */
export interface RunReporter {
  started(): void;
  log(line: string): void;
  finished(status: "SUCCEEDED" | "FAILED", message?: string): void;
}

/** Runs one deployment: verify the archive first, then unpack or execute it. */
export async function runDeployment(
  msg: DeployMessage,
  config: AgentConfig,
  report: RunReporter,
  signal: AbortSignal = new AbortController().signal,
): Promise<"SUCCEEDED" | "FAILED"> {
  // The server failed this run when the connection dropped, or a user cancelled it: do not start it.
  if (signal.aborted) return "FAILED";
  report.started();
  const { deployment, archive } = msg;
  const limit = deployment.time_limit_seconds;
  const run = limit === undefined ? signal : withTimeLimit(signal, limit);
  report.log(
    `Deployment '${deployment.name}' (${deployment.kind}) of pattern '${msg.pattern.name}', build ${msg.build_id}`,
  );
  try {
    const bytes = Buffer.from(archive.data, "base64");
    if (bytes.length !== archive.size)
      throw new Error(
        `Archive refused: ${bytes.length} bytes arrived, the server announced ${archive.size}`,
      );
    const files = await openVerifiedArchive(bytes, archive.sha256);
    report.log(`Archive ${archive.name} verified: ${files.length} files, sha256 ${archive.sha256}`);
    if (deployment.kind === "directory") {
      const target = directoryTarget(config, deployment.config.target, deployment.name);
      await deployDirectory(files, target, report.log, run);
    } else {
      const target = databaseTarget(config, deployment.config.database);
      await deploySql(files, target, report.log, run);
    }
    report.finished("SUCCEEDED");
    return "SUCCEEDED";
  } catch (err) {
    // A stop (cancel, time limit, lost connection) says why, not how the driver noticed.
    const cause = run.aborted ? run.reason : err;
    const message = cause instanceof Error ? cause.message : String(cause);
    report.log(`FAILED: ${message}`);
    report.finished("FAILED", message);
    return "FAILED";
  }
}

/** `signal`, also aborted once `seconds` have passed, with the reason a person reads in the log. */
function withTimeLimit(signal: AbortSignal, seconds: number): AbortSignal {
  const limit = new AbortController();
  const timer = setTimeout(
    () =>
      limit.abort(
        new Error(`The deployment's time limit of ${seconds} s was reached: stopped, nothing kept`),
      ),
    seconds * 1000,
  );
  timer.unref();
  return AbortSignal.any([signal, limit.signal]);
}

/**
 * Runs deployments one after the other, in the order they arrive. When the
 * connection drops, the server fails every run it had sent; `abortAll` makes
 * the agent agree: the running one stops (rolled back or never swapped in),
 * the queued ones never start.
 */
export class RunQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private controller = new AbortController();
  /** Each waiting or running deployment's own stop, for a cancel from the server. */
  private readonly runs = new Map<number, AbortController>();

  constructor(private readonly config: AgentConfig) {}

  enqueue(msg: DeployMessage, report: RunReporter): Promise<"SUCCEEDED" | "FAILED"> {
    const own = new AbortController();
    this.runs.set(msg.run_id, own);
    const signal = AbortSignal.any([this.controller.signal, own.signal]);
    const run = this.tail
      .then(() => runDeployment(msg, this.config, report, signal))
      .finally(() => this.runs.delete(msg.run_id));
    this.tail = run.catch(() => {});
    return run;
  }

  /** The server cancelled the run: it stops (rolled back) or never starts; unknown ids are ignored. */
  cancel(runId: number): void {
    this.runs.get(runId)?.abort(new Error("Cancelled by a user"));
  }

  /** Harvests wait in the same line as deployments (docs/harvesting.md). */
  enqueueHarvest(msg: HarvestMessage, report: HarvestReporter): Promise<"SUCCEEDED" | "FAILED"> {
    const { signal } = this.controller;
    const run = this.tail.then(() => runHarvest(msg, this.config, report, signal));
    this.tail = run.catch(() => {});
    return run;
  }

  abortAll(reason: string): void {
    this.controller.abort(new Error(reason));
    this.controller = new AbortController();
  }
}
