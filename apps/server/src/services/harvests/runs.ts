import type { Catalog, HarvestRun } from "@metabuild/contract";
import { harvestTableNames } from "@metabuild/contract";
import { harvestTables } from "@metabuild/core";
import {
  type AgentRow,
  type Db,
  type HarvestRunRow,
  appendHarvestLog,
  findHarvestRun,
  findUserById,
  finishHarvestRun,
  markHarvestRunning,
  findCustomView,
  replaceCustomTables,
  transaction,
  unfinishedHarvestRuns,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import { neutraliseLogLine, placeLogLine, serverLine } from "../agents/run-log.ts";
import { recordAudit } from "../audit.ts";
import type { EventBus } from "../events.ts";

export function toHarvestRun(row: HarvestRunRow): HarvestRun {
  return {
    id: row.id,
    project_id: row.projectId,
    source: row.source,
    table_prefix: row.tablePrefix,
    tables: harvestTableNames(row.tablePrefix),
    agent_id: row.agentId,
    agent_group_id: row.agentGroupId,
    schedule_id: row.scheduleId,
    status: row.status as HarvestRun["status"],
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    log: row.log,
    created_at: row.createdAt,
  };
}

/** A catalog arriving in parts, held until the run ends. */
interface Gathering {
  agentId: number;
  parts: number;
  rows: number;
  catalog: Catalog;
  truncated: boolean;
}

export interface HarvestLimits {
  /** config.agentRunLogMaxBytes: the cap of a run's stored log. */
  logMaxBytes: number;
  /** config.harvestMaxRows. */
  maxRows: number;
}

/**
 * The life of a harvest run after it is queued: QUEUED → RUNNING →
 * SUCCEEDED | FAILED, published as `harvest_run.status` / `harvest_run.log`.
 * The catalog parts are held in memory; only a run the agent reports
 * SUCCEEDED, with every part received, replaces the project's tables, in
 * the same transaction that ends the run (docs/harvesting.md).
 */
export class HarvestRuns {
  private readonly gathering = new Map<number, Gathering>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly limits: HarvestLimits,
    private readonly logger: Logger,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** The run, if it was sent to this agent and is still going. */
  private async runOf(agent: AgentRow, runId: number): Promise<HarvestRunRow | undefined> {
    const row = await findHarvestRun(this.db, agent.customerId, runId);
    return row && row.agentId === agent.id ? row : undefined;
  }

  async started(agent: AgentRow, runId: number): Promise<void> {
    const run = await this.runOf(agent, runId);
    if (!run || !(await markHarvestRunning(this.db, runId, this.now()))) return;
    this.gathering.set(runId, {
      agentId: agent.id,
      parts: 0,
      rows: 0,
      catalog: { tables: [], columns: [], keys: [], foreign_keys: [] },
      truncated: false,
    });
    await this.publishStatus(run);
  }

  async log(agent: AgentRow, runId: number, line: string): Promise<void> {
    const g = this.gathering.get(runId);
    if (g?.truncated && g.agentId === agent.id) return;
    const run = await this.runOf(agent, runId);
    if (!run) return;
    await this.append(run, neutraliseLogLine(line));
  }

  private async append(run: HarvestRunRow, line: string): Promise<void> {
    const current = await findHarvestRun(this.db, run.customerId, run.id);
    if (!current) return;
    const placed = placeLogLine(Buffer.byteLength(current.log), line, this.limits.logMaxBytes);
    if (!(await appendHarvestLog(this.db, run.id, [placed.append]))) return;
    const g = this.gathering.get(run.id);
    if (placed.truncated && g) g.truncated = true;
    this.events.publish({
      type: "harvest_run.log",
      customerId: run.customerId,
      projectId: run.projectId,
      id: run.id,
      line: placed.append,
    });
  }

  async catalog(agent: AgentRow, runId: number, part: number, data: Catalog): Promise<void> {
    const g = this.gathering.get(runId);
    if (!g || g.agentId !== agent.id) return;
    const run = await this.runOf(agent, runId);
    if (!run) return;
    if (part !== g.parts) {
      await this.fail(run, `Catalog part ${part} arrived where part ${g.parts} was expected`);
      return;
    }
    const rows =
      data.tables.length + data.columns.length + data.keys.length + data.foreign_keys.length;
    if (g.rows + rows > this.limits.maxRows) {
      await this.fail(
        run,
        `The catalog has more than ${this.limits.maxRows} rows (METABUILD_HARVEST_MAX_ROWS); nothing was changed`,
      );
      return;
    }
    g.parts++;
    g.rows += rows;
    g.catalog.tables.push(...data.tables);
    g.catalog.columns.push(...data.columns);
    g.catalog.keys.push(...data.keys);
    g.catalog.foreign_keys.push(...data.foreign_keys);
  }

  async finished(
    agent: AgentRow,
    runId: number,
    status: "SUCCEEDED" | "FAILED",
    parts: number | undefined,
    message?: string,
  ): Promise<void> {
    const run = await this.runOf(agent, runId);
    if (!run) return;
    const g = this.gathering.get(runId);
    if (status === "FAILED") {
      this.gathering.delete(runId);
      const lines = message ? [] : ["FAILED"];
      if (await finishHarvestRun(this.db, runId, "FAILED", this.now(), lines))
        await this.publishStatus(run);
      return;
    }
    if (!g || parts === undefined || parts !== g.parts) {
      await this.fail(run, `The agent sent ${g?.parts ?? 0} of ${parts ?? "?"} catalog parts`);
      return;
    }
    await this.land(run, g);
  }

  /** Replaces the four tables and ends the run SUCCEEDED, in one transaction. */
  private async land(run: HarvestRunRow, g: Gathering): Promise<void> {
    this.gathering.delete(run.id);
    const tables = harvestTables(run.tablePrefix, g.catalog);
    const summary = tables.map((t) => `@TABLES.${t.name} (${t.rows.length} rows)`).join(", ");
    try {
      const ended = await transaction(this.db, async () => {
        const line = serverLine(`Replaced ${summary}`);
        if (!(await finishHarvestRun(this.db, run.id, "SUCCEEDED", this.now(), [line])))
          return false;
        // Views share the tables' names (docs/metadata-sql.md "Views"): never shadow one.
        for (const t of tables) {
          const view = await findCustomView(this.db, run.projectId, t.name);
          if (view)
            throw new Error(
              `@TABLES.${view.name} is a view of the project; drop it or set another table_prefix`,
            );
        }
        await replaceCustomTables(this.db, run.projectId, tables);
        const user = await findUserById(this.db, run.userId);
        await recordAudit(
          this.db,
          { id: run.userId, customerId: run.customerId, email: user?.email ?? "" },
          {
            action: "harvest.load",
            projectId: run.projectId,
            target: { kind: "harvest_run", id: run.id, label: run.source },
            after: Object.fromEntries(tables.map((t) => [t.name, t.rows.length])),
          },
        );
        return true;
      });
      if (ended) await this.publishStatus(run);
    } catch (err) {
      this.logger.warn(`Harvest run ${run.id} could not be stored:`, err);
      await this.fail(
        run,
        `The catalog could not be stored: ${err instanceof Error ? err.message : err}`,
      );
    }
  }

  /** Ends a run the server gave up on, with the reason as its last log line; nothing is replaced. */
  async fail(run: HarvestRunRow, reason: string): Promise<void> {
    this.gathering.delete(run.id);
    if (
      await finishHarvestRun(this.db, run.id, "FAILED", this.now(), [
        serverLine(`FAILED: ${reason}`),
      ])
    )
      await this.publishStatus(run);
  }

  async failRunsOf(agent: AgentRow, reason: string): Promise<void> {
    for (const run of await unfinishedHarvestRuns(this.db, agent.id)) await this.fail(run, reason);
  }

  async failAllUnfinished(reason: string): Promise<void> {
    for (const run of await unfinishedHarvestRuns(this.db)) await this.fail(run, reason);
  }

  async publishStatus(run: HarvestRunRow): Promise<void> {
    const row = await findHarvestRun(this.db, run.customerId, run.id);
    if (!row) return;
    this.events.publish({
      type: "harvest_run.status",
      customerId: row.customerId,
      projectId: row.projectId,
      harvest_run: toHarvestRun(row),
    });
  }
}
