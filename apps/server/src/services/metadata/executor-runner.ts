import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract";
import { type Principal, statementType } from "@metabuild/core";
import {
  type Db,
  type MetadataScope,
  type SchemaTable,
  describeMetadataSchema,
  listCustomViews,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Metrics } from "../../infra/metrics.ts";
import type { ExecutorPool } from "./executor-pool.ts";
import { type ScriptJob, type ScriptOutcome, runScript } from "./run-script.ts";
import { busyRefusal } from "./script-turns.ts";
import type { MetadataStatementRunner, RunnerConfig } from "./statement-runner.ts";
import { fillViewColumns } from "./views.ts";

/**
 * SQLite's runner: a script runs in a child process on the store file,
 * killed at the time limit (docs/metadata-sql.md "Time limit").
 */
export class ExecutorStatementRunner implements MetadataStatementRunner {
  constructor(
    private readonly db: Db,
    private readonly config: RunnerConfig,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly pool: () => ExecutorPool,
  ) {}

  /**
   * Runs the script in a child process with the time limit. An in-memory
   * store (tests only) cannot be opened from another process, so it runs
   * here, without the limit.
   */
  async run(job: ScriptJob, principal: Principal): Promise<ScriptOutcome> {
    if (this.config.databaseFile === ":memory:") return await runScript(this.db, job);
    const started = performance.now();
    const reply = await this.pool().run(
      { file: this.config.databaseFile, job },
      this.limits(principal),
    );
    if (reply.kind === "done") return reply.outcome;
    if (reply.kind === "busy") {
      // Nothing ran: an HTTP 429 rather than an ERROR result (docs/metadata-sql.md "Fairness").
      this.metrics.sqlExecuted("REFUSED");
      throw busyRefusal(reply, this.config.sqlPerUser);
    }
    const statement = job.statements.find((s) => s.stmtNo === reply.stmtNo) ?? job.statements[0];
    const error =
      reply.kind === "timeout"
        ? `The statement ran longer than the time limit of ${this.config.sqlTimeoutMs} ms and was stopped; nothing was changed`
        : reply.kind === "stopped"
          ? "The server is stopping; the statement was stopped and nothing was changed"
          : `The statement executor stopped (${reply.reason}); nothing was changed`;
    if (reply.kind === "crashed") this.logger.error("Metadata executor failed:", reply.reason);
    // A normal stop (shutdown) is no failure of the executor (docs/observability.md).
    if (reply.kind === "stopped") this.logger.info("Metadata statement stopped by the shutdown");
    return {
      stmtNo: statement.stmtNo,
      type: statementType(statement.statement),
      sql: statement.text,
      status: "ERROR",
      columns: [],
      rows: [],
      truncated: false,
      error,
      runtime: Math.round(performance.now() - started),
    };
  }

  /**
   * The stored columns of views, never worked out here: preparing a view's
   * query costs what it expands to. Views stored without columns (created
   * before they were kept, or by a bundle) get them from an executor first,
   * under the time limit; one it could not finish is listed without.
   */
  async describe(scope: MetadataScope, principal: Principal): Promise<SchemaTable[]> {
    if (listCustomViews(this.db, scope.projectId).some((v) => v.columns === null)) {
      const views = {
        viewDepth: this.config.sqlViewDepth,
        viewMaxExpanded: this.config.sqlViewMaxExpanded,
      };
      if (this.config.databaseFile === ":memory:") await fillViewColumns(this.db, scope, views);
      else {
        const job: ScriptJob = {
          statements: [],
          scope,
          actor: principal,
          maxRows: 0,
          now: new Date().toISOString(),
          checkoutTtlSeconds: 0,
          limits: DEFAULT_WRITE_LIMITS,
          ...views,
          fillViewColumns: true,
        };
        const reply = await this.pool().run(
          { file: this.config.databaseFile, job },
          this.limits(principal),
        );
        if (reply.kind !== "done" && reply.kind !== "busy")
          this.logger.info(`Columns of views not worked out (${reply.kind}); listed without`);
      }
    }
    return describeMetadataSchema(this.db, scope);
  }

  private limits(principal: Principal) {
    return {
      timeoutMs: this.config.sqlTimeoutMs,
      owner: String(principal.id),
      perUser: this.config.sqlPerUser,
      queueMs: this.config.sqlQueueMs,
      executors: this.config.sqlExecutors,
    };
  }

  /**
   * Starts the statement executors ahead of the first statement (at server
   * start): one more than a user may use at once, so others find one ready.
   */
  warm(): void {
    const count = Math.min(this.config.sqlExecutors, this.config.sqlPerUser + 1);
    if (this.config.databaseFile !== ":memory:")
      this.pool().warm(count, (this.config.childIdleSeconds ?? 60) * 1000);
  }

  /** Resolves once the children warm() started are ready (tests wait for them). */
  async ready(): Promise<void> {
    if (this.config.databaseFile === ":memory:") return;
    const count = Math.min(this.config.sqlExecutors, this.config.sqlPerUser + 1);
    while (this.pool().idleCount < count) await new Promise((r) => setTimeout(r, 100));
  }

  /** Stops the executor's child processes (server shutdown). */
  close(): void {
    this.pool().close();
  }
}
