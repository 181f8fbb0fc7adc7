import { randomUUID } from "node:crypto";
import type {
  MetadataExecution,
  MetadataHistoryQuery,
  MetadataRequest,
  MetadataResult,
  MetadataRunResult,
  MetadataSchema,
} from "@metabuild/contract";
import {
  BadRequest,
  type ParsedStatement,
  type Principal,
  ScriptError,
  TooManyRequests,
  dryRunRefusal,
  isWrite,
  messages,
  parseScript,
  statementType,
  statementTypeOfText,
} from "@metabuild/core";
import {
  type Db,
  describeMetadataSchema,
  findScript,
  insertMetadataExecution,
  listMetadataExecutions,
} from "@metabuild/db";
import type { Config } from "../../config.ts";
import type { Logger } from "../../http/error-handler.ts";
import type { Clock } from "../../infra/clock.ts";
import type { Metrics } from "../../infra/metrics.ts";
import type { AccessService } from "../access.ts";
import { type ExecutorPool, sharedExecutorPool } from "./executor-pool.ts";
import { currentRequestId } from "../audit.ts";
import { type ScriptJob, type ScriptOutcome, errorPosition, runScript } from "./run-script.ts";
import { viewColumns } from "./views.ts";

const HISTORY_DEFAULT = 50;
const HISTORY_MAX = 500;

/**
 * POST /api/v1/metadata and the console's history and schema. Statements are
 * parsed here (so writes can be refused with 403 before anything runs), then
 * run as one script in a child process that is killed at the time limit.
 */
export class MetadataService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly config: Pick<
      Config,
      | "databaseFile"
      | "sqlTimeoutMs"
      | "sqlMaxRows"
      | "sqlPerUser"
      | "sqlQueueMs"
      | "sqlExecutors"
      | "sqlViewDepth"
      | "checkoutTtl"
      | "limits"
    >,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly pool: () => ExecutorPool = sharedExecutorPool,
  ) {}

  /** POST /api/v1/metadata: the result as docs/reference/endpoints.md defines it. */
  async execute(principal: Principal, body: MetadataRequest): Promise<MetadataResult> {
    const { position: _, ...result } = await this.executeWithPosition(principal, body);
    return result;
  }

  /**
   * The console's run: the same execution, plus where an ERROR is (1-based
   * line and column in `statement`), so the editor can mark it.
   */
  async executeWithPosition(
    principal: Principal,
    body: MetadataRequest,
    scriptId?: number,
  ): Promise<MetadataRunResult> {
    const project = await this.access.resolveProject(principal, body);
    const text = body.statement ?? "";
    if (text.trim() === "") throw new BadRequest(messages.statementRequired);
    const script =
      scriptId === undefined ? undefined : await this.scriptOfRun(project.id, scriptId);
    const startTime = this.clock.now().getTime();
    const base = { id: randomUUID(), user_id: principal.id, start_time: startTime };

    let statements: ParsedStatement[];
    try {
      statements = parseScript(text);
    } catch (e) {
      if (!(e instanceof ScriptError)) throw e;
      const result: MetadataResult = {
        ...base,
        ...failure(e.stmtNo, statementTypeOfText(e.statementText), e.statementText, e.message, 0),
      };
      return {
        ...(await this.keep(principal, project.id, text, result, script)),
        position: errorPosition(e.reason) ?? null,
      };
    }
    if (statements.length === 0) throw new BadRequest(messages.statementRequired);
    if (statements.some((s) => isWrite(s.statement)))
      await this.access.require(principal, project.id, "write_instances");
    const refusal = body.dry_run ? dryRunRefusal(statements) : undefined;
    if (refusal) throw new BadRequest(`Invalid value for 'dry_run': ${refusal}`);

    const job: ScriptJob = {
      statements,
      scope: { customerId: principal.customerId, projectId: project.id },
      actor: principal,
      maxRows: this.config.sqlMaxRows,
      now: this.clock.now().toISOString(),
      checkoutTtlSeconds: this.config.checkoutTtl,
      limits: this.config.limits,
      requestId: currentRequestId(),
      viewDepth: this.config.sqlViewDepth,
      ...(body.dry_run ? { dryRun: true } : {}),
    };
    const outcome = await this.run(job, principal);
    const result: MetadataResult = {
      ...base,
      type: outcome.type,
      sql: outcome.sql,
      stmt_no: outcome.stmtNo,
      status: outcome.status,
      rows: outcome.rows,
      metadata: outcome.columns,
      runtime: outcome.runtime,
    };
    if (outcome.error !== undefined) result.error = outcome.error;
    if (outcome.truncated) result.truncated = true;
    if (outcome.plan) result.plan = outcome.plan;
    return {
      ...(await this.keep(principal, project.id, text, result, script)),
      position: outcome.position ?? null,
    };
  }

  /**
   * Runs the script in a child process with the time limit. An in-memory
   * store (tests only) cannot be opened from another process, so it runs
   * here, without the limit.
   */
  private async run(job: ScriptJob, principal: Principal): Promise<ScriptOutcome> {
    if (this.config.databaseFile === ":memory:") return await runScript(this.db, job);
    const started = performance.now();
    const reply = await this.pool().run(
      { file: this.config.databaseFile, job },
      {
        timeoutMs: this.config.sqlTimeoutMs,
        owner: String(principal.id),
        perUser: this.config.sqlPerUser,
        queueMs: this.config.sqlQueueMs,
        executors: this.config.sqlExecutors,
      },
    );
    if (reply.kind === "done") return reply.outcome;
    if (reply.kind === "busy") {
      // Nothing ran: an HTTP 429 rather than an ERROR result (docs/metadata-sql.md "Fairness").
      const err = new TooManyRequests(
        reply.ownerAtCap
          ? `You are running ${this.config.sqlPerUser} metadata statements at once already; try again when one has finished`
          : "Every metadata statement executor is busy; try again shortly",
      );
      err.headers["Retry-After"] = String(reply.retryAfterSeconds);
      this.metrics.sqlExecuted("REFUSED");
      throw err;
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
   * Starts the statement executors ahead of the first statement (at server
   * start): one more than a user may use at once, so others find one ready.
   */
  warm(): void {
    const count = Math.min(this.config.sqlExecutors, this.config.sqlPerUser + 1);
    if (this.config.databaseFile !== ":memory:") this.pool().warm(count);
  }

  /** Stops the executor's child processes (server shutdown). */
  close(): void {
    this.pool().close();
  }

  /**
   * The saved script a console run comes from: it must be in the run's
   * project; the history keeps its id and current version (docs/metadata-scripts.md).
   */
  private async scriptOfRun(projectId: number, id: number): Promise<ScriptOfRun> {
    const script = await findScript(this.db, id);
    if (!script || script.projectId !== projectId)
      throw new BadRequest(`Invalid value for 'script_id': no script ${id} in this project`);
    return { scriptId: script.id, scriptVersion: script.versNo };
  }

  /** Keeps the execution for the history, then answers it. */
  private async keep(
    principal: Principal,
    projectId: number,
    statement: string,
    r: MetadataResult,
    script?: ScriptOfRun,
  ) {
    await insertMetadataExecution(this.db, {
      id: r.id,
      customerId: principal.customerId,
      projectId,
      userId: principal.id,
      statement,
      type: r.type,
      status: r.status,
      runtime: r.runtime,
      rowCount: r.rows.length,
      error: r.error ?? null,
      startTime: r.start_time,
      scriptId: script?.scriptId ?? null,
      scriptVersion: script?.scriptVersion ?? null,
    });
    this.metrics.sqlExecuted(r.status, r.runtime / 1000);
    return r;
  }

  /** The caller's recent executions, newest first (in one project when given). */
  async history(principal: Principal, query: MetadataHistoryQuery): Promise<MetadataExecution[]> {
    const given = query.project !== undefined || query.project_id !== undefined;
    const projectId = given ? (await this.access.resolveProject(principal, query)).id : undefined;
    const limit = Math.min(query.$limit ?? HISTORY_DEFAULT, HISTORY_MAX);
    return (await listMetadataExecutions(this.db, { userId: principal.id, projectId, limit })).map(
      (r) => ({
        id: r.id,
        project_id: r.projectId,
        statement: r.statement,
        type: r.type,
        status: r.status as MetadataExecution["status"],
        runtime: r.runtime,
        row_count: r.rowCount,
        error: r.error,
        start_time: r.startTime,
        script_id: r.scriptId,
        script_version: r.scriptVersion,
      }),
    );
  }

  /** Tables, views and columns a statement in the project can use (editor completion). */
  async schema(
    principal: Principal,
    ref: { project?: string; project_id?: number },
  ): Promise<MetadataSchema> {
    const project = await this.access.resolveProject(principal, ref);
    const scope = { customerId: principal.customerId, projectId: project.id };
    return {
      tables: describeMetadataSchema(
        this.db,
        scope,
        viewColumns(this.db, scope, this.config.sqlViewDepth),
      ),
    };
  }
}

interface ScriptOfRun {
  scriptId: number;
  scriptVersion: number;
}

function failure(stmtNo: number, type: string, sql: string, error: string, runtime: number) {
  return {
    type,
    sql,
    stmt_no: stmtNo,
    status: "ERROR" as const,
    rows: [],
    metadata: [],
    runtime,
    error,
  };
}
