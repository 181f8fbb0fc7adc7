import { createHash } from "node:crypto";
import { DEVELOP_PATTERNS_REASON } from "@metabuild/contract/permission-words";
import type {
  PatternAuthoring,
  PatternDefinition,
  PatternPreview,
  PatternPreviewRequest,
  PatternSaveResult,
  PatternVersionDetail,
  PatternVersionEntry,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  type Principal,
  type RenderOutputLimits,
  type Renderer,
  checkSnippetName,
  messages,
  renderPreview,
} from "@metabuild/core";
import {
  type Db,
  type PatternRow,
  findInstanceWithNames,
  findPatternById,
  findPatternByName,
  findPatternVersion,
  insertPatternVersion,
  invalidInstanceIdsOfPattern,
  latestPatternVersion,
  listPatternVersions,
  setPatternNameAndVersion,
  transaction,
} from "@metabuild/db";
import { importPattern } from "./bundle/import-patterns.ts";
import type { Clock } from "../infra/clock.ts";
import type { AccessService } from "./access.ts";
import { PatternRenderSource } from "./builds/render-source.ts";
import type { InstanceWriter } from "./instances/writer.ts";
import { definitionOf, patternVersionNumber } from "./pattern-authoring-definition.ts";
import { toPattern } from "./patterns.ts";
import { recordAudit } from "./audit.ts";

/**
 * Who may author patterns: admins and holders of the customer-wide
 * `develop_patterns` grant, since a pattern spans every project (docs/identity.md).
 */
export const authorsOnly = DEVELOP_PATTERNS_REASON;

/** Carries a dry run's answer out of its transaction, which it rolls back. */
class DryRun extends Error {
  constructor(readonly result: PatternSaveResult) {
    super("dry run");
  }
}

/**
 * Creating and editing patterns in the console (docs/patterns-authoring.md):
 * every save goes through the bundle import's pattern path, is a new version
 * with who and when, and re-validates the pattern's instances.
 */
export class PatternAuthoringService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
    private readonly clock: Clock,
    /** The builds' renderer: previews render where builds do. */
    private readonly renderer: Renderer,
    /** The builds' output limits; a preview's files count as one build's (docs/limits.md). */
    private readonly outputLimits: RenderOutputLimits,
  ) {}

  private async requireAuthor(principal: Principal): Promise<void> {
    if (!(await this.access.developsPatterns(principal))) throw new Forbidden(authorsOnly);
  }

  /** The customer's pattern; another customer's id is 404 like a missing one. */
  private async pattern(principal: Principal, id: number): Promise<PatternRow> {
    const row = await findPatternById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return row;
  }

  /** The pattern and its definition as the editor loads it; any user of the customer may read it. */
  async load(principal: Principal, id: number): Promise<PatternAuthoring> {
    const row = await this.pattern(principal, id);
    return {
      pattern: toPattern(row),
      version: await this.versionOf(row),
      definition: await definitionOf(this.db, row),
    };
  }

  private async versionOf(row: PatternRow): Promise<number> {
    return patternVersionNumber(row.versNo, (await latestPatternVersion(this.db, row.id))?.version);
  }

  /** POST /api/console/patterns: a new pattern at version 1. */
  async create(principal: Principal, definition: PatternDefinition): Promise<PatternAuthoring> {
    await this.requireAuthor(principal);
    const id = await transaction(this.db, async () => {
      if (await findPatternByName(this.db, principal.customerId, definition.name))
        throw new Conflict(`A pattern with the name '${definition.name}' already exists`);
      const patternId = await this.write(principal, { ...definition, vers_no: "1" });
      await this.record(principal, principal.customerId, patternId, 1);
      await recordAudit(this.db, principal, {
        action: "pattern.create",
        target: { kind: "pattern", id: patternId, label: definition.name },
        after: { name: definition.name, version: 1 },
      });
      return patternId;
    });
    return await this.load(principal, id);
  }

  /**
   * PUT /api/console/patterns/:id: the whole definition, based on version
   * `baseVersion` (409 when the pattern moved on). `dryRun` answers the same
   * and stores nothing: the save runs in a transaction that is rolled back.
   */
  async save(
    principal: Principal,
    id: number,
    definition: PatternDefinition,
    baseVersion: number,
    dryRun: boolean,
    /** The save's impact summary for its audit event (services/lineage/pattern-impact.ts). */
    auditImpact?: Record<string, unknown>,
  ): Promise<PatternSaveResult> {
    // Another customer's pattern is 404 before the right to edit is checked.
    const row = await this.pattern(principal, id);
    await this.requireAuthor(principal);
    try {
      return await transaction(this.db, async () => {
        const current = await this.versionOf(row);
        if (baseVersion !== current) {
          const latest = await latestPatternVersion(this.db, id);
          const err = new Conflict(
            `Pattern '${row.name}' is at version ${current}${latest?.userEmail ? ` (saved by ${latest.userEmail})` : ""}, not version ${baseVersion} that this change is based on`,
          );
          err.data = { version: current, user: latest?.userEmail ?? null };
          throw err;
        }
        const before = new Set(await invalidInstanceIdsOfPattern(this.db, id));
        // The state before the first console save becomes the first listed version.
        if (!(await latestPatternVersion(this.db, id)))
          await this.record(null, principal.customerId, id, current);
        if (definition.name !== row.name) {
          const taken = await findPatternByName(this.db, principal.customerId, definition.name);
          if (taken)
            throw new Conflict(`A pattern with the name '${definition.name}' already exists`);
          await setPatternNameAndVersion(this.db, id, { name: definition.name });
        }
        const next = current + 1;
        await this.write(principal, { ...definition, vers_no: String(next) });
        await this.record(principal, principal.customerId, id, next);
        const after = await invalidInstanceIdsOfPattern(this.db, id);
        const result: PatternSaveResult = {
          pattern: toPattern(await this.pattern(principal, id)),
          version: next,
          dry_run: dryRun,
          invalid_instances: after.filter((x) => !before.has(x)).length,
          invalid_total: after.length,
        };
        // A dry run rolls this back with the rest.
        await recordAudit(this.db, principal, {
          action: "pattern.update",
          target: { kind: "pattern", id, label: definition.name },
          before: { version: current, ...(definition.name !== row.name ? { name: row.name } : {}) },
          after: {
            version: next,
            ...(definition.name !== row.name ? { name: definition.name } : {}),
            invalid_instances: result.invalid_instances,
            ...(auditImpact ? { impact: auditImpact } : {}),
          },
        });
        if (dryRun) throw new DryRun(result);
        return result;
      });
    } catch (err) {
      if (err instanceof DryRun) return err.result;
      throw err;
    }
  }

  /** The bundle import's pattern path, with the whole definition (`exact`). */
  private async write(principal: Principal, definition: PatternDefinition & { vers_no: string }) {
    for (const [i, s] of definition.snippets.entries())
      checkSnippetName(s.name, this.writer.limits.nameLength, `snippets[${i}].name`);
    return await importPattern(
      {
        db: this.db,
        writer: this.writer,
        clock: this.clock,
        customerId: principal.customerId,
        customerName: "",
        base: [],
        summary: {
          customers: [],
          instances: { INSERTED: 0, UPDATED: 0, UNCHANGED: 0, SKIPPED: 0 },
          generatedAgents: [],
        },
      },
      definition,
      [],
      { exact: true },
    );
  }

  /** Stores the pattern as it is now as version `version`, by `principal` (null: before authoring). */
  private async record(
    principal: Principal | null,
    customerId: number,
    patternId: number,
    version: number,
  ): Promise<void> {
    await setPatternNameAndVersion(this.db, patternId, { versNo: String(version) });
    const row = (await findPatternById(this.db, customerId, patternId)) as PatternRow;
    await insertPatternVersion(this.db, {
      patternId,
      version,
      definition: JSON.stringify(await definitionOf(this.db, row)),
      userId: principal?.id ?? null,
      userEmail: principal?.email ?? null,
      createdAt: this.clock.now().toISOString(),
    });
  }

  /** GET …/versions: newest first; any user of the customer may read them. */
  async versions(principal: Principal, id: number): Promise<{ data: PatternVersionEntry[] }> {
    const row = await this.pattern(principal, id);
    return {
      data: (await listPatternVersions(this.db, row.id)).map((v) => ({
        version: v.version,
        user: v.userEmail,
        created_at: v.createdAt,
      })),
    };
  }

  async version(principal: Principal, id: number, version: number): Promise<PatternVersionDetail> {
    const row = await this.pattern(principal, id);
    const v = await findPatternVersion(this.db, row.id, version);
    if (!v) throw new NotFound(`Pattern '${row.name}' has no version ${version}`);
    return {
      version: v.version,
      user: v.userEmail,
      created_at: v.createdAt,
      definition: JSON.parse(v.definition) as PatternDefinition,
    };
  }

  /**
   * POST …/preview: the files the templates render for one instance, stored
   * nothing. Stored templates: anyone who may read the instance; edited
   * templates or snippets: pattern authors only (they run new code).
   */
  async preview(
    principal: Principal,
    id: number,
    request: PatternPreviewRequest,
  ): Promise<PatternPreview> {
    const row = await this.pattern(principal, id);
    if (request.templates !== undefined || request.snippets !== undefined)
      await this.requireAuthor(principal);
    const found = await findInstanceWithNames(this.db, principal.customerId, request.instance_id);
    if (!found) throw new NotFound(messages.recordNotFound(request.instance_id));
    await this.access.require(principal, found.instance.projectId);
    if (found.instance.patternId !== row.id)
      throw new BadRequest(
        `Invalid value for 'instance_id': instance ${request.instance_id} is not of pattern '${row.name}'`,
      );
    for (const [i, s] of (request.snippets ?? []).entries())
      checkSnippetName(s.name, this.writer.limits.nameLength, `snippets[${i}].name`);
    const source = await PatternRenderSource.open(
      this.db,
      {
        id: 0,
        customerId: principal.customerId,
        projectId: found.instance.projectId,
        description: "preview",
      },
      row.id,
      0,
      this.outputLimits,
    );
    const templates = request.templates ?? source.program.templates;
    const snippets = request.snippets ?? source.program.snippets ?? [];
    // Same text, same key: a worker reuses its parse while nothing changed.
    const key = `preview:${row.id}:${createHash("sha256")
      .update(JSON.stringify([templates, snippets]))
      .digest("hex")}`;
    const [input] = (await source.load([found.instance.id])).inputs;
    if (!input) throw new NotFound(messages.recordNotFound(request.instance_id));
    return renderPreview(this.renderer, { ...source.program, key, templates, snippets }, input);
  }
}
