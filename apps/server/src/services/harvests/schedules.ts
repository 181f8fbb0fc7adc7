import {
  type HarvestSchedule,
  type HarvestScheduleCreate,
  type HarvestScheduleQuery,
  defaultTablePrefix,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  CronError,
  NotFound,
  type Principal,
  cronCheckFires,
  cronMatches,
  cronShortestInterval,
  messages,
  parseCron,
} from "@metabuild/core";
import {
  type Db,
  type HarvestScheduleRow,
  claimHarvestScheduleMinute,
  allHarvestSchedules,
  countHarvestSchedules,
  deleteHarvestSchedule,
  findAgentById,
  findHarvestSchedule,
  findUserById,
  insertHarvestSchedule,
  listHarvestSchedules,
  transaction,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import type { AgentHub } from "../agents/hub.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { pageOrThrow } from "../paging.ts";
import { type AgentChoice, connectedAgentFor, groupById } from "./agent-choice.ts";
import type { HarvestOrder, HarvestService } from "./service.ts";

function toHarvestSchedule(row: HarvestScheduleRow): HarvestSchedule {
  return {
    id: row.id,
    project_id: row.projectId,
    source: row.source,
    table_prefix: row.tablePrefix,
    agent_id: row.agentId,
    agent_group_id: row.agentGroupId,
    cron: row.cron,
    last_run_at: row.lastRunAt,
    created_at: row.createdAt,
  };
}

/** How many schedules a project may hold and how often one may fire (docs/harvesting.md "Schedules"). */
export interface ScheduleLimits {
  perProject: number;
  minIntervalMinutes: number;
}

/**
 * The cron text checked: 400 naming `cron` and the reason when it is
 * malformed, never fires, or fires more often than the limit allows.
 */
function checkedCron(text: string, minInterval: number) {
  try {
    const cron = parseCron(text);
    cronCheckFires(cron);
    const every = cronShortestInterval(cron);
    if (every < minInterval)
      throw new CronError(
        `fires every ${every} minute${every === 1 ? "" : "s"} at times; schedules may fire at most every ${minInterval} minutes (METABUILD_HARVEST_SCHEDULE_MIN_MINUTES)`,
      );
    return cron;
  } catch (err) {
    if (err instanceof CronError) throw new BadRequest(`Invalid value for 'cron': ${err.message}`);
    throw err;
  }
}

/**
 * Harvest schedules (docs/harvesting.md): create/list/delete, and `tick`,
 * which the server calls a few times a minute to start the runs whose cron
 * matches the current UTC minute, each minute at most once per schedule.
 */
export class HarvestScheduleService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly harvests: HarvestService,
    private readonly hub: AgentHub,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly limits: ScheduleLimits,
  ) {}

  async create(principal: Principal, body: HarvestScheduleCreate): Promise<HarvestSchedule> {
    const cron = body.cron.trim().split(/\s+/).join(" ");
    checkedCron(cron, this.limits.minIntervalMinutes);
    const choice = await this.harvests.choiceOf(principal, body);
    const project = await this.access.resolveProject(principal, body, "write_instances");
    const row = await transaction(this.db, async () => {
      const held = await countHarvestSchedules(this.db, project.id);
      if (held >= this.limits.perProject)
        throw new Conflict(
          `Project '${project.name}' already holds ${held} harvest schedules, the most one project may hold (METABUILD_HARVEST_SCHEDULES_PER_PROJECT); delete one first`,
        );
      const created = await insertHarvestSchedule(this.db, {
        customerId: principal.customerId,
        projectId: project.id,
        userId: principal.id,
        agentId: choice.agent?.id ?? null,
        agentGroupId: choice.group?.id ?? null,
        source: body.source,
        tablePrefix: body.table_prefix ?? defaultTablePrefix(body.source),
        cron,
      });
      await recordAudit(this.db, principal, {
        action: "harvest_schedule.create",
        projectId: project.id,
        target: { kind: "harvest_schedule", id: created.id, label: body.source },
        after: { cron, source: body.source, table_prefix: created.tablePrefix },
      });
      return created;
    });
    return toHarvestSchedule(row);
  }

  async list(principal: Principal, query: HarvestScheduleQuery) {
    const hasProject = query.project !== undefined || query.project_id !== undefined;
    const projectId = hasProject
      ? (await this.access.resolveProject(principal, query)).id
      : undefined;
    const page = pageOrThrow(
      await listHarvestSchedules(this.db, {
        ...query,
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        projectId,
      }),
    );
    return { items: page.items.map(toHarvestSchedule), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<HarvestSchedule> {
    const row = await findHarvestSchedule(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId);
    return toHarvestSchedule(row);
  }

  async remove(principal: Principal, id: number): Promise<HarvestSchedule> {
    const row = await findHarvestSchedule(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId, "write_instances");
    await transaction(this.db, async () => {
      await deleteHarvestSchedule(this.db, row.id);
      await recordAudit(this.db, principal, {
        action: "harvest_schedule.delete",
        projectId: row.projectId,
        target: { kind: "harvest_schedule", id: row.id, label: row.source },
        before: { cron: row.cron, source: row.source, table_prefix: row.tablePrefix },
      });
    });
    return toHarvestSchedule(row);
  }

  /** Starts the runs due in `now`'s minute; an agent offline then makes a FAILED run. */
  async tick(now: Date = this.clock.now()): Promise<void> {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    for (const schedule of await allHarvestSchedules(this.db)) {
      try {
        if (!cronMatches(parseCron(schedule.cron), now)) continue;
        if (!(await claimHarvestScheduleMinute(this.db, schedule.id, minute))) continue;
        await this.startScheduled(schedule);
      } catch (err) {
        this.logger.warn(`Harvest schedule ${schedule.id} could not start:`, err);
      }
    }
  }

  private async startScheduled(schedule: HarvestScheduleRow): Promise<void> {
    const by = `schedule ${schedule.id} (${schedule.cron})`;
    let order: HarvestOrder | undefined;
    let actor: AuditActor | undefined;
    try {
      const choice: AgentChoice = {};
      if (schedule.agentId !== null) {
        const agent = await findAgentById(this.db, schedule.customerId, schedule.agentId);
        if (!agent) throw new NotFound(messages.recordNotFound(schedule.agentId));
        choice.agent = agent;
      } else if (schedule.agentGroupId !== null)
        choice.group = await groupById(this.db, schedule.customerId, schedule.agentGroupId);
      order = {
        customerId: schedule.customerId,
        projectId: schedule.projectId,
        userId: schedule.userId,
        source: schedule.source,
        tablePrefix: schedule.tablePrefix,
        choice,
        scheduleId: schedule.id,
      };
      const user = await findUserById(this.db, schedule.userId);
      if (!user) throw new NotFound(`The schedule's user ${schedule.userId} no longer exists`);
      actor = { id: user.id, customerId: schedule.customerId, email: user.email };
      const agent = await connectedAgentFor(this.db, this.hub, choice, schedule.source);
      const audited = actor;
      await this.harvests.queue(order, agent, by, () =>
        this.auditStart(audited, schedule, { agent: agent.name }),
      );
    } catch (err) {
      if (!order) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      await this.harvests.failedAtOnce(order, reason, by);
      // A schedule whose user is gone starts for nobody: the customer's anonymous side.
      const nobody = { id: null, customerId: schedule.customerId, email: null };
      await this.auditStart(actor ?? nobody, schedule, {
        status: "FAILED",
        reason,
      });
    }
  }

  /** A scheduled start, like a console one, is a `harvest.start` event (docs/audit-log.md). */
  private async auditStart(
    actor: AuditActor,
    schedule: HarvestScheduleRow,
    after: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(this.db, actor, {
      action: "harvest.start",
      projectId: schedule.projectId,
      target: { kind: "harvest_source", label: schedule.source },
      after: { schedule_id: schedule.id, cron: schedule.cron, ...after },
    });
  }

  /** Ticks every `everyMs` (a few times a minute); answers the function that stops it. */
  keepTicking(everyMs = 15_000): () => void {
    const timer = setInterval(async () => await this.tick(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
