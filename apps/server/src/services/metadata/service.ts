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
  dryRunRefusal,
  isWrite,
  messages,
  parseScript,
  statementTypeOfText,
} from "@metabuild/core";
import {
  type Db,
  findScript,
  insertMetadataExecution,
  listMetadataExecutions,
} from "@metabuild/db";
import type { Config } from "../../config.ts";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { Metrics } from "../../infra/metrics.ts";
import type { AccessService } from "../access.ts";
import { type ExecutorPool, sharedExecutorPool } from "./executor-pool.ts";
import { currentRequestId } from "../audit.ts";
import { type ScriptJob, type ScriptOutcome, errorPosition } from "./run-script.ts";
import { type MetadataStatementRunner, metadataStatementRunner } from "./statement-runner.ts";

const HISTORY_DEFAULT = 50;
const HISTORY_MAX = 500;

/**
 * POST /api/v1/metadata and the console's history and schema. Statements are
 * parsed here (so writes can be refused with 403 before anything runs), then
 * run as one script by the store's runner (statement-runner.ts).
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
      | "sqlViewMaxExpanded"
      | "checkoutTtl"
      | "limits"
    >,
    private readonly clock: Clock,
    logger: Logger,
    private readonly metrics: Metrics,
    pool: () => ExecutorPool = sharedExecutorPool,
    private readonly runner: MetadataStatementRunner = metadataStatementRunner(
      db,
      config,
      logger,
      metrics,
      pool,
    ),
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
      viewMaxExpanded: this.config.sqlViewMaxExpanded,
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

  /** The runner of the store's kind (statement-runner.ts). */
  private async run(job: ScriptJob, principal: Principal): Promise<ScriptOutcome> {
    return await this.runner.run(job, principal);
  }

  /** Readies the runner ahead of the first statement (at server start). */
  warm(): void {
    this.runner.warm();
  }

  /** Resolves when what warm() started is ready (tests). */
  async ready(): Promise<void> {
    await this.runner.ready();
  }

  /** Stops the runner's executors (server shutdown). */
  close(): void {
    this.runner.close();
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
      statement: storable(statement),
      type: r.type,
      status: r.status,
      runtime: r.runtime,
      rowCount: r.rows.length,
      error: r.error === undefined ? null : storable(r.error),
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
    return { tables: await this.runner.describe(scope, principal) };
  }
}

/**
 * Text the history can keep on both stores: PostgreSQL's text cannot hold
 * NUL, so a statement naming `"a\u0000b"` is kept with U+FFFD there, and on
 * SQLite too, so both histories answer the same.
 */
function storable(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD");
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
