import type {
  DeploymentPlan,
  DeploymentPlanCreate,
  DeploymentPlanQuery,
} from "@metabuild/contract";
import { DEPLOYMENT_KINDS } from "@metabuild/contract/agent-protocol";
import { BadRequest, Conflict, NotFound, type Principal, messages } from "@metabuild/core";
import {
  type AgentGroupRow,
  type AgentRow,
  type BuildRow,
  type Db,
  downloadsOfBuilds,
  findBuild,
  findDeploymentByName,
  findDeploymentPlan,
  insertDeploymentPlan,
  listDeploymentPlans,
  stepsOfDeploymentPlans,
  transaction,
} from "@metabuild/db";
import type { AccessService } from "../access.ts";
import type { AgentService } from "../agents.ts";
import { orderStepsByGraph } from "../lineage/plan-order.ts";
import { recordAudit } from "../audit.ts";
import { pageOrThrow } from "../paging.ts";
import { type BuildDeploymentService, requireOne } from "./build-deployments.ts";
import { type DeploymentPlanRunner, toDeploymentPlan } from "./plan-runner.ts";

interface ResolvedStep {
  patternId: number;
  pattern: string;
  deploymentId: number;
  deployment: string;
}

/**
 * /api/console/deployment_plans: checks a plan as a whole before anything
 * runs (docs/deployment-plans.md), stores it and hands it to the runner.
 */
export class DeploymentPlanService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly agents: AgentService,
    private readonly deployments: BuildDeploymentService,
    private readonly runner: DeploymentPlanRunner,
  ) {}

  async list(principal: Principal, query: DeploymentPlanQuery) {
    const page = pageOrThrow(
      await listDeploymentPlans(this.db, {
        ...query,
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        buildId: query.build_id,
      }),
    );
    const steps = await stepsOfDeploymentPlans(
      this.db,
      page.items.map((p) => p.id),
    );
    return {
      items: page.items.map((p) =>
        toDeploymentPlan(
          p,
          steps.filter((s) => s.planId === p.id),
        ),
      ),
      total: page.total,
    };
  }

  async get(principal: Principal, id: number): Promise<DeploymentPlan> {
    const row = await findDeploymentPlan(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId);
    return toDeploymentPlan(row, await stepsOfDeploymentPlans(this.db, [row.id]));
  }

  /** POST /api/console/deployment_plans/:id/cancel (needs write_builds); 409 when it has ended. */
  async cancel(principal: Principal, id: number): Promise<DeploymentPlan> {
    const row = await findDeploymentPlan(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, row.projectId, "write_builds");
    if (!(await this.runner.cancel(row, principal.email))) {
      const now = await findDeploymentPlan(this.db, principal.customerId, id);
      throw new Conflict(
        `Deployment plan ${id} is ${now?.status ?? row.status}: only a RUNNING plan can be cancelled`,
      );
    }
    await recordAudit(this.db, principal, {
      action: "deployment_plan.cancel",
      projectId: row.projectId,
      target: { kind: "deployment_plan", id: row.id, label: `build ${row.buildId}` },
    });
    return await this.get(principal, id);
  }

  /**
   * Checks the whole plan before anything runs: the build (404, 403, 409 unless
   * FINISHED), every step (400 naming it), the agent or group (404, 409 when
   * offline); then stores it and starts step 1.
   */
  async create(principal: Principal, body: DeploymentPlanCreate): Promise<DeploymentPlan> {
    requireOne(body, "agent_id", "agent_group", "agent_group_id");
    const build = await findBuild(this.db, principal.customerId, body.build_id);
    if (!build) throw new NotFound(messages.recordNotFound(body.build_id));
    await this.access.require(principal, build.projectId, "write_builds");
    if (build.status !== "FINISHED")
      throw new Conflict(
        `Build ${build.id} is ${build.status}: only a FINISHED build can be deployed`,
      );
    const given = await this.resolveSteps(build, body.steps);
    const steps = body.order === "graph" ? await orderStepsByGraph(this.db, build, given) : given;
    const group = await this.agents.resolveGroup(principal, {
      group: body.agent_group,
      group_id: body.agent_group_id,
    });
    const agent = await this.onlineTarget(principal, body, group);
    const plan = await transaction(this.db, async () => {
      const row = await insertDeploymentPlan(
        this.db,
        {
          customerId: principal.customerId,
          projectId: build.projectId,
          userId: principal.id,
          buildId: build.id,
          agentId: agent.id,
          agentGroupId: group?.id ?? null,
        },
        steps,
      );
      await recordAudit(this.db, principal, {
        action: "deployment_plan.start",
        projectId: build.projectId,
        target: { kind: "deployment_plan", id: row.id, label: `build ${build.id}` },
        after: {
          build_id: build.id,
          agent: agent.name,
          agent_group: group?.name ?? null,
          steps: steps.map((s) => `${s.pattern} ${s.deployment}`),
        },
      });
      return row;
    });
    await this.runner.advance(principal.customerId, plan.id);
    return await this.get(principal, plan.id);
  }

  /** Each step names a pattern the build built and one of that pattern's deployments. */
  private async resolveSteps(
    build: BuildRow,
    steps: DeploymentPlanCreate["steps"],
  ): Promise<ResolvedStep[]> {
    const archives = (await downloadsOfBuilds(this.db, [build.id])).filter(
      (d) => d.instanceId === null,
    );
    const resolved: ResolvedStep[] = [];
    for (const [i, step] of steps.entries()) {
      const archive = archives.find((a) => a.pattern === step.pattern);
      if (!archive)
        throw new BadRequest(
          `Invalid value for 'steps.${i}.pattern': build ${build.id} did not build a pattern named '${step.pattern}'`,
        );
      const deployment = await findDeploymentByName(this.db, archive.patternId, step.deployment);
      if (!deployment)
        throw new BadRequest(
          `Invalid value for 'steps.${i}.deployment': pattern '${step.pattern}' has no deployment named '${step.deployment}'`,
        );
      if (!(DEPLOYMENT_KINDS as readonly string[]).includes(deployment.kind))
        throw new BadRequest(
          `Invalid value for 'steps.${i}.deployment': '${deployment.name}' has the kind '${deployment.kind}'; agents run ${DEPLOYMENT_KINDS.join(" and ")}`,
        );
      const earlier = resolved.findIndex((r) => r.deploymentId === deployment.id);
      if (earlier >= 0)
        throw new BadRequest(
          `Invalid value for 'steps.${i}': '${step.deployment}' of pattern '${step.pattern}' is step ${earlier + 1} already`,
        );
      resolved.push({
        patternId: archive.patternId,
        pattern: archive.pattern,
        deploymentId: deployment.id,
        deployment: deployment.name,
      });
    }
    return resolved;
  }

  /**
   * The agent every step runs on: the one named, or the group's least busy
   * online agent, picked once (later patterns load from the tables earlier
   * ones wrote on that agent's databases). Offline: 409 naming the field.
   */
  private async onlineTarget(
    principal: Principal,
    body: DeploymentPlanCreate,
    group: AgentGroupRow | undefined,
  ): Promise<AgentRow> {
    const field = group
      ? body.agent_group !== undefined
        ? "agent_group"
        : "agent_group_id"
      : "agent_id";
    try {
      return group
        ? await this.deployments.pickAgentOf(group)
        : await this.deployments.connectedAgent(principal, body.agent_id);
    } catch (err) {
      if (err instanceof Conflict)
        throw new Conflict(
          `${err.message}: '${field}' must name ${group ? "a group with an online agent" : "an online agent"}`,
        );
      throw err;
    }
  }
}
