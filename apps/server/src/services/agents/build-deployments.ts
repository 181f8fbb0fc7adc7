import type {
  BuildDeployment,
  BuildDeploymentCreate,
  BuildDeploymentQuery,
} from "@metabuild/contract";
import { DEPLOYMENT_KINDS } from "@metabuild/contract/agent-protocol";
import { BadRequest, Conflict, NotFound, type Principal, messages } from "@metabuild/core";
import {
  type AgentRow,
  type BuildDeploymentRow,
  type BuildRow,
  type Db,
  type DeploymentRow,
  type DownloadRow,
  downloadsOfBuilds,
  findAgentById,
  findAgentByUuid,
  findBuild,
  findBuildDeployment,
  findDeploymentById,
  findDeploymentByName,
  findPatternById,
  insertBuildDeployment,
  listBuildDeployments,
  onlineAgentsOfGroup,
  queueRunForAgent,
  transaction,
  unfinishedBuildDeployments,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";
import type { AgentService } from "../agents.ts";
import { pageOrThrow } from "../paging.ts";
import type { PatternService } from "../patterns.ts";
import type { AgentHub } from "./hub.ts";
import { queuePositions, runsAheadOf } from "./queue-positions.ts";
import { type DeploymentRuns, toBuildDeployment } from "./runs.ts";

type Archive = DownloadRow & { pattern: string };

/**
 * POST/GET /api/v1/build_deployments: checks a request, picks the agent and
 * queues the run; the process holding the agent's socket sends it
 * (DeploymentSender).
 */
export class BuildDeploymentService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly patterns: PatternService,
    private readonly agents: AgentService,
    private readonly hub: AgentHub,
    private readonly runs: DeploymentRuns,
    private readonly logger: Logger,
  ) {}

  async list(principal: Principal, query: BuildDeploymentQuery) {
    const patternId = (await this.patterns.resolveRef(principal, query))?.id;
    const page = pageOrThrow(
      await listBuildDeployments(this.db, {
        ...query,
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        buildId: query.build_id,
        patternId,
        deploymentId: query.deployment_id,
      }),
    );
    const positions = await queuePositions(this.db, page.items);
    return {
      items: page.items.map((r) => toBuildDeployment(r, positions.get(r.id))),
      total: page.total,
    };
  }

  async get(principal: Principal, id: number): Promise<BuildDeployment> {
    const row = await findBuildDeployment(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId);
    return await this.answer(row);
  }

  /** POST /api/console/build_deployments/:id/cancel (needs write_builds). */
  async cancel(principal: Principal, id: number): Promise<BuildDeployment> {
    const row = await findBuildDeployment(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId, "write_builds");
    await this.stop(row, principal.email);
    await recordAudit(this.db, principal, {
      action: "build_deployment.cancel",
      projectId: row.projectId,
      target: { kind: "build_deployment", id: row.id, label: `build ${row.buildId}` },
    });
    return await this.get(principal, id);
  }

  /**
   * Ends an unfinished run CANCELLED, then tells its agent: it stops the run
   * (rolled back) or never starts it. 409 when the run has ended already.
   */
  async stop(row: BuildDeploymentRow, by: string): Promise<void> {
    if (!(await this.runs.cancel(row, by))) {
      const now = await findBuildDeployment(this.db, row.customerId, row.id);
      throw new Conflict(
        `Build deployment ${row.id} is ${now?.status ?? row.status}: only a QUEUED or RUNNING run can be cancelled`,
      );
    }
    if (row.agentId !== null)
      await this.hub.cancel(row.agentId, row.id).catch((err: unknown) => {
        this.logger.warn(`Build deployment ${row.id}: the cancel could not be handed on:`, err);
      });
  }

  private async answer(row: BuildDeploymentRow): Promise<BuildDeployment> {
    return toBuildDeployment(row, (await queuePositions(this.db, [row])).get(row.id));
  }

  /** Validates in the order 400 (shape), 404 (ids), 403 (permission), 409 (state). */
  async create(principal: Principal, body: BuildDeploymentCreate): Promise<BuildDeployment> {
    requireOne(body, "deployment_id", "deployment");
    requireOne(body, "agent_id", "agent_group", "agent_group_id");
    const build = await findBuild(this.db, principal.customerId, body.build_id);
    if (!build) throw new NotFound(messages.recordNotFound(body.build_id));
    await this.access.require(principal, build.projectId, "write_builds");
    if (build.status !== "FINISHED")
      throw new Conflict(
        `Build ${build.id} is ${build.status}: only a FINISHED build can be deployed`,
      );
    const archives = (await downloadsOfBuilds(this.db, [build.id])).filter(
      (d) => d.instanceId === null,
    );
    const deployment = await this.resolveDeployment(principal, body, build, archives);
    const archive = await this.archiveFor(build, deployment, archives);
    const group = await this.agents.resolveGroup(principal, {
      group: body.agent_group,
      group_id: body.agent_group_id,
    });
    const agent = group
      ? await this.pickAgentOf(group)
      : await this.connectedAgent(principal, body.agent_id);
    // The run and its place in the agent's queue together: a process taking the agent's
    // connection over never sees the run without knowing it is still to be sent.
    // Harvests wait in the same line, so they count as the queue position does.
    const ahead = await runsAheadOf(this.db, agent.id);
    const waits = ahead > 0 ? `; ${ahead} run${ahead === 1 ? "" : "s"} ahead of it` : "";
    const run = await transaction(this.db, async () => {
      const row = await insertBuildDeployment(this.db, {
        customerId: principal.customerId,
        projectId: build.projectId,
        userId: principal.id,
        buildId: build.id,
        patternId: deployment.patternId,
        deploymentId: deployment.id,
        uploadId: archive.id,
        agentId: agent.id,
        agentGroupId: group?.id ?? null,
        status: "QUEUED",
        log: `Queued for agent '${agent.name}' by ${principal.email}${waits}\n`,
      });
      await queueRunForAgent(this.db, "deployment", row.id, agent.id);
      return row;
    });
    await this.runs.publishStatus(run);
    // The process holding the agent's socket sends it (docs/scale-out.md "Agents").
    this.hub.deliver(agent.id).catch((err: unknown) => {
      this.logger.warn(`Build deployment ${run.id} could not be handed on:`, err);
    });
    // Queued last: its place is behind every run that was ahead of it.
    return toBuildDeployment(run, ahead + 1);
  }

  private async resolveDeployment(
    principal: Principal,
    body: BuildDeploymentCreate,
    build: BuildRow,
    archives: Archive[],
  ): Promise<DeploymentRow> {
    if (body.deployment_id !== undefined) {
      const row = await findDeploymentById(this.db, principal.customerId, body.deployment_id);
      if (!row) throw new NotFound(messages.recordNotFound(body.deployment_id));
      return row;
    }
    const name = body.deployment as string;
    const found: DeploymentRow[] = [];
    for (const a of archives) {
      const d = await findDeploymentByName(this.db, a.patternId, name);
      if (d !== undefined) found.push(d);
    }
    if (found.length === 0)
      throw new NotFound(
        `No pattern of build ${build.id} has a deployment with the name '${name}'`,
      );
    if (found.length > 1)
      throw new BadRequest(
        `Several patterns of build ${build.id} have a deployment named '${name}': give 'deployment_id'`,
      );
    return found[0];
  }

  private async archiveFor(
    build: BuildRow,
    deployment: DeploymentRow,
    archives: Archive[],
  ): Promise<Archive> {
    if (!(DEPLOYMENT_KINDS as readonly string[]).includes(deployment.kind))
      throw new BadRequest(
        `Deployment '${deployment.name}' has the kind '${deployment.kind}'; agents run ${DEPLOYMENT_KINDS.join(" and ")}`,
      );
    const archive = archives.find((a) => a.patternId === deployment.patternId);
    if (!archive) {
      const pattern = await findPatternById(this.db, build.customerId, deployment.patternId);
      throw new BadRequest(
        `Deployment '${deployment.name}' belongs to pattern '${pattern?.name ?? deployment.patternId}', which build ${build.id} did not build`,
      );
    }
    if (archive.fileId === null)
      throw new Conflict(`Build ${build.id} holds no archive for pattern '${archive.pattern}'`);
    return archive;
  }

  /** An agent named by its integer id or its UUID, connected now (also for deployment plans). */
  async connectedAgent(principal: Principal, ref: number | string | undefined): Promise<AgentRow> {
    const row =
      typeof ref === "number"
        ? await findAgentById(this.db, principal.customerId, ref)
        : /^\d+$/.test(String(ref))
          ? await findAgentById(this.db, principal.customerId, Number(ref))
          : await findAgentByUuid(this.db, String(ref));
    if (!row || row.customerId !== principal.customerId || row.deleted === 1)
      throw new NotFound(messages.recordNotFound(String(ref)));
    if (row.disabled === 1) throw new Conflict(`Agent '${row.name}' is disabled`);
    if (!(await this.hub.reachable([row.id])).has(row.id))
      throw new Conflict(`Agent '${row.name}' is not online`);
    return row;
  }

  /** The group's connected agent with the fewest unfinished runs (then the lowest id). */
  async pickAgentOf(group: { id: number; name: string }): Promise<AgentRow> {
    const online = await onlineAgentsOfGroup(this.db, group.id);
    const reachable = await this.hub.reachable(online.map((a) => a.id));
    const candidates = online.filter((a) => reachable.has(a.id));
    if (candidates.length === 0)
      throw new Conflict(`No agent of the agent group '${group.name}' is online`);
    const loads: { agent: AgentRow; load: number }[] = [];
    for (const agent of candidates)
      loads.push({ agent, load: (await unfinishedBuildDeployments(this.db, agent.id)).length });
    return loads.sort((a, b) => a.load - b.load || a.agent.id - b.agent.id)[0].agent;
  }
}

/** Exactly one of the fields: 400 naming them otherwise. */
export function requireOne(body: Record<string, unknown>, ...fields: string[]): void {
  const given = fields.filter((f) => body[f] !== undefined);
  if (given.length === 0)
    throw new BadRequest(`One of ${fields.map((f) => `'${f}'`).join(", ")} is required`);
  if (given.length > 1)
    throw new BadRequest(`Give only one of ${given.map((f) => `'${f}'`).join(", ")}`);
}
