import {
  type HarvestCreate,
  type HarvestQuery,
  type HarvestRun,
  type HarvestSource,
  type Paging,
  defaultTablePrefix,
} from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import {
  type AgentRow,
  type Db,
  type HarvestRunRow,
  findHarvestRun,
  insertHarvestRun,
  listAgents,
  listHarvestRuns,
  queueRunForAgent,
  transaction,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import type { AgentService } from "../agents.ts";
import type { AgentHub } from "../agents/hub.ts";
import { serverLine } from "../agents/run-log.ts";
import { recordAudit } from "../audit.ts";
import { pageOrThrow } from "../paging.ts";
import { type AgentChoice, agentByRef, connectedAgentFor, requireOne } from "./agent-choice.ts";
import { type HarvestRuns, toHarvestRun } from "./runs.ts";

/** What a harvest needs once checked: where it lands and which agent runs it. */
export interface HarvestOrder {
  customerId: number;
  projectId: number;
  userId: number;
  source: string;
  tablePrefix: string;
  choice: AgentChoice;
  scheduleId?: number;
}

/**
 * POST/GET /api/v1/harvests: starts a harvest of a source through an agent
 * and shows the runs (docs/harvesting.md). Writing the project's @TABLES
 * needs `write_instances`, as the SQL that writes them does.
 */
export class HarvestService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly agents: AgentService,
    private readonly hub: AgentHub,
    private readonly runs: HarvestRuns,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Validates in the order 400 (shape), 404 (ids), 403 (permission), 409 (state). */
  async start(principal: Principal, body: HarvestCreate): Promise<HarvestRun> {
    const choice = await this.choiceOf(principal, body);
    const project = await this.access.resolveProject(principal, body, "write_instances");
    const agent = await connectedAgentFor(this.db, this.hub, choice, body.source);
    const run = await this.queue(
      {
        customerId: principal.customerId,
        projectId: project.id,
        userId: principal.id,
        source: body.source,
        tablePrefix: body.table_prefix ?? defaultTablePrefix(body.source),
        choice,
      },
      agent,
      principal.email,
      async () =>
        await recordAudit(this.db, principal, {
          action: "harvest.start",
          projectId: project.id,
          target: { kind: "harvest_source", label: body.source },
          after: { agent: agent.name, table_prefix: body.table_prefix },
        }),
    );
    return toHarvestRun(run);
  }

  /** The agent or group of a request (400 unless exactly one is given, 404 when unknown). */
  async choiceOf(
    principal: Principal,
    body: { agent_id?: number | string; agent_group?: string; agent_group_id?: number },
  ): Promise<AgentChoice> {
    requireOne(body, "agent_id", "agent_group", "agent_group_id");
    if (body.agent_id !== undefined)
      return { agent: await agentByRef(this.db, principal.customerId, body.agent_id) };
    return {
      group: await this.agents.resolveGroup(principal, {
        group: body.agent_group,
        group_id: body.agent_group_id,
      }),
    };
  }

  /**
   * Stores the run QUEUED with its place in the agent's queue; the process
   * holding the agent's socket sends it (this one at once when it does;
   * docs/scale-out.md "Agents"). A send that fails ends it FAILED.
   */
  async queue(
    order: HarvestOrder,
    agent: AgentRow,
    by: string,
    audit?: () => Promise<void>,
  ): Promise<HarvestRunRow> {
    // The run and its place in the queue together, as for deployments: a process taking the
    // agent's connection over never sees the run without knowing it is still to be sent.
    const run = await transaction(this.db, async () => {
      await audit?.();
      const row = await insertHarvestRun(this.db, {
        customerId: order.customerId,
        projectId: order.projectId,
        userId: order.userId,
        agentId: agent.id,
        agentGroupId: order.choice.group?.id ?? null,
        scheduleId: order.scheduleId ?? null,
        source: order.source,
        tablePrefix: order.tablePrefix,
        status: "QUEUED",
        log: `Queued for agent '${agent.name}' by ${by}: source '${order.source}' into @TABLES.${order.tablePrefix}_*\n`,
      });
      await queueRunForAgent(this.db, "harvest", row.id, agent.id);
      return row;
    });
    await this.runs.publishStatus(run);
    await this.hub.deliver(agent.id).catch((err: unknown) => {
      this.logger.warn(`Harvest run ${run.id} could not be handed on:`, err);
    });
    return (await findHarvestRun(this.db, run.customerId, run.id)) ?? run;
  }

  /** A run that could not start (e.g. no agent online at schedule time): stored FAILED. */
  async failedAtOnce(order: HarvestOrder, reason: string, by: string): Promise<HarvestRunRow> {
    const at = this.clock.now().toISOString();
    const run = await insertHarvestRun(this.db, {
      customerId: order.customerId,
      projectId: order.projectId,
      userId: order.userId,
      agentId: order.choice.agent?.id ?? null,
      agentGroupId: order.choice.group?.id ?? null,
      scheduleId: order.scheduleId ?? null,
      source: order.source,
      tablePrefix: order.tablePrefix,
      status: "FAILED",
      startedAt: at,
      finishedAt: at,
      log: `Started by ${by}: source '${order.source}'\n${serverLine(`FAILED: ${reason}`)}\n`,
    });
    await this.runs.publishStatus(run);
    return run;
  }

  async list(principal: Principal, query: HarvestQuery) {
    const hasProject = query.project !== undefined || query.project_id !== undefined;
    const projectId = hasProject
      ? (await this.access.resolveProject(principal, query)).id
      : undefined;
    const page = pageOrThrow(
      await listHarvestRuns(this.db, {
        ...query,
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        projectId,
        scheduleId: query.schedule_id,
      }),
    );
    return { items: page.items.map(toHarvestRun), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<HarvestRun> {
    const row = await findHarvestRun(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId);
    return toHarvestRun(row);
  }

  /** The customer's connected agents with the sources they announced (paged like every list). */
  async sources(
    principal: Principal,
    query: Paging,
  ): Promise<{ items: HarvestSource[]; total: number }> {
    const agents = pageOrThrow(
      await listAgents(this.db, { customerId: principal.customerId, $sort: query.$sort }),
    );
    const usable = agents.items.filter((a) => a.deleted === 0 && a.disabled === 0);
    // Whichever process holds an agent, the sources it announced are in the store.
    const sources = await this.hub.reachableSources(usable.map((a) => a.id));
    const items = usable
      .filter((a) => sources.has(a.id))
      .map((a) => ({
        agent_id: a.id,
        agent_uuid: a.agentId,
        agent_name: a.name,
        agent_group_id: a.groupId,
        sources: sources.get(a.id) ?? [],
      }));
    const skip = query.$skip ?? 0;
    const end = query.$limit === undefined ? undefined : skip + query.$limit;
    return { items: items.slice(skip, end), total: items.length };
  }
}
