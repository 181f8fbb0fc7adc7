import type {
  Build,
  BuildCreateRequest,
  BuildCreateResponse,
  BuildEventData,
  BuildQuery,
  BuildSelection,
} from "@metabuild/contract";
import { BadRequest, Conflict, NotFound, type Principal, messages } from "@metabuild/core";
import {
  type BuildRow,
  type Db,
  downloadsOfBuilds,
  findBuild,
  findBuildsByIds,
  findPatternByName,
  insertBuild,
  listBuildSelection,
  listBuilds,
  loadRowCells,
  transaction,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import { pageOrThrow } from "../paging.ts";
import { type BuildPlanner, resolveReleaseMap } from "./plan.ts";
import type { BuildRunner } from "./runner.ts";
import { toBuild, toBuildEventData } from "./wire.ts";

/** The day after a YYYY-MM-DD date, so "to" includes its whole day. */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Builds: start (POST /api/v1/builds), read, cancel, and their live state for the console. */
export class BuildService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly planner: BuildPlanner,
    readonly runner: BuildRunner,
    private readonly writer: InstanceWriter,
    private readonly clock: Clock,
    /** METABUILD_WAIT_TIMEOUT in seconds. */
    private readonly waitTimeoutSeconds: number,
  ) {}

  private async withDownloads(rows: BuildRow[]): Promise<Build[]> {
    const downloads = await downloadsOfBuilds(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toBuild(
        r,
        downloads.filter((d) => d.buildId === r.id),
      ),
    );
  }

  async list(principal: Principal, query: BuildQuery): Promise<{ items: Build[]; total: number }> {
    const scope = await this.access.listScope(principal, query);
    const none = { items: [], total: 0 };
    let patternId = query.pattern_id;
    if (query.pattern !== undefined) {
      const pattern = await findPatternByName(this.db, principal.customerId, query.pattern);
      if (!pattern || (patternId !== undefined && patternId !== pattern.id)) return none;
      patternId = pattern.id;
    }
    const releases = await resolveReleaseMap(this.db, principal.customerId, query.releases);
    // A release that does not exist was never built with.
    if (releases.warnings.length > 0) return none;
    const page = pageOrThrow(
      await listBuilds(this.db, {
        customerId: principal.customerId,
        ...scope,
        userId: query.user_id,
        userName: query.user,
        patternId,
        releaseIds: releases.ids,
        status: query.status,
        createdFrom: query.created_from,
        createdBefore: query.created_to ? dayAfter(query.created_to) : undefined,
        $limit: query.$limit,
        $skip: query.$skip,
        $sort: query.$sort,
      }),
    );
    return { items: await this.withDownloads(page.items), total: page.total };
  }

  /** A build of the principal's customer in a project they may read; 404 otherwise. */
  private async visible(principal: Principal, id: number): Promise<BuildRow> {
    const build = await findBuild(this.db, principal.customerId, id);
    if (!build) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, build.projectId);
    return build;
  }

  async get(principal: Principal, id: number): Promise<Build> {
    return (await this.withDownloads([await this.visible(principal, id)]))[0];
  }

  /** What a build rendered and left out, and its releases: the build page's lists and re-run. */
  async selection(principal: Principal, id: number): Promise<BuildSelection> {
    const build = await this.visible(principal, id);
    return {
      instances: await listBuildSelection(this.db, build.id),
      left_out: JSON.parse(build.leftOut) as BuildSelection["left_out"],
      releases: build.releaseMap ? (JSON.parse(build.releaseMap) as Record<string, string>) : {},
    };
  }

  async create(principal: Principal, req: BuildCreateRequest): Promise<BuildCreateResponse> {
    // docs/reference/endpoints.md lists the request's own 400s first, then 404 and 403 of the project.
    if ((req.project === undefined || req.project === "") && req.project_id === undefined)
      throw new BadRequest(messages.projectRequired);
    if (!req.instances || req.instances.length === 0) throw new BadRequest(messages.noInstances);
    const project = await this.access.resolveProject(principal, req, "write_builds");
    const plan = await this.planner.plan(project, req);
    const now = this.clock.now();
    const build = await transaction(this.db, async () => {
      const versions = new Map<number, number>();
      for (const c of plan.toRestore) {
        const outcome = await this.writer.write(
          principal,
          {
            target: { id: c.id, folder: c.folder },
            rows: await loadRowCells(this.db, c.id),
            flags: { deleted: false },
          },
          // The build's own event counts them (docs/audit-log.md).
          { source: "console", overwrite: true, auditAction: false },
        );
        versions.set(c.id, outcome.version);
      }
      const inserted = await insertBuild(
        this.db,
        {
          customerId: principal.customerId,
          userId: principal.id,
          projectId: project.id,
          status: "BUILDING",
          progress: 0,
          message: "Queued",
          buildStart: now.toISOString(),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          mts: now.getTime(),
          description: req.description ?? null,
          instances: plan.members.length,
          patterns: JSON.stringify(
            [...new Set(plan.members.map((m) => m.patternId))].sort((a, b) => a - b),
          ),
          releases: JSON.stringify(plan.releaseIds),
          warnings: JSON.stringify(plan.warnings),
          releaseMap: req.releases ? JSON.stringify(req.releases) : null,
          leftOut: JSON.stringify(plan.leftOut),
        },
        plan.members.map((m) => ({
          instanceId: m.id,
          patternId: m.patternId,
          version: versions.get(m.id) ?? m.version,
        })),
      );
      await recordAudit(this.db, principal, {
        action: "build.start",
        projectId: project.id,
        target: { kind: "build", id: inserted.id, label: `Build ${inserted.id}` },
        after: {
          instances: plan.members.length,
          restored: plan.toRestore.length,
          releases: req.releases,
          description: req.description,
        },
      });
      return inserted;
    });
    this.runner.enqueue(build.id);
    if (req.wait) {
      await this.runner.waitFor(build.id, this.waitTimeoutSeconds * 1000);
      const row = (await findBuild(this.db, principal.customerId, build.id)) ?? build;
      return { build: (await this.withDownloads([row]))[0], warnings: plan.warnings };
    }
    return {
      build: { id: build.id, status: "BUILDING", progress: build.progress },
      warnings: plan.warnings,
    };
  }

  /** POST /api/console/builds/:id/cancel (needs write_builds); 409 once the build has ended. */
  async cancel(principal: Principal, id: number): Promise<Build> {
    const build = await this.visible(principal, id);
    await this.access.require(principal, build.projectId, "write_builds");
    const canceled = await transaction(this.db, async () => {
      if (!(await this.runner.cancel(build, `Canceled by ${principal.email}`))) return false;
      await recordAudit(this.db, principal, {
        action: "build.cancel",
        projectId: build.projectId,
        target: { kind: "build", id, label: `Build ${id}` },
        before: { status: build.status },
        after: { status: "CANCELED" },
      });
      return true;
    });
    if (!canceled) throw new Conflict(`Build ${id} has already ended (${build.status})`);
    return await this.get(principal, id);
  }

  /** Whether the principal may follow events of this project. */
  async canSee(principal: Principal, projectId: number): Promise<boolean> {
    return principal.admin || (await this.access.permissionsOn(principal, projectId)).has("access");
  }

  /**
   * The current state a new event stream starts with: every running build the
   * principal may see, and the builds they asked for by id (whatever their state).
   */
  async snapshot(principal: Principal, buildIds: number[] = []): Promise<BuildEventData[]> {
    const running = pageOrThrow(
      await listBuilds(this.db, {
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        status: "BUILDING",
      }),
    ).items;
    const asked = [];
    for (const b of await findBuildsByIds(this.db, principal.customerId, buildIds))
      if (await this.canSee(principal, b.projectId)) asked.push(b);
    const byId = new Map([...running, ...asked].map((b) => [b.id, b]));
    return [...byId.values()].sort((a, b) => a.id - b.id).map(toBuildEventData);
  }
}
