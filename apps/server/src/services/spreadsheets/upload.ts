import type { UploadFields, UploadResult, UploadedInstance } from "@metabuild/contract";
import {
  AppError,
  BadRequest,
  NotFound,
  checkNewInstanceName,
  nameRuleBreach,
  type PlannedInstance,
  type Principal,
  type UploadPlan,
  UploadPlanBuilder,
  type WriteLimits,
  messages,
  metadataRows,
} from "@metabuild/core";
import {
  type Db,
  type ProjectRow,
  findFolderIdByPath,
  findInstanceByKey,
  findPatternByName,
  loadPatternColumns,
  releaseNamesOf,
  transaction,
} from "@metabuild/db";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";
import type { InstanceWriter, WriteOutcome } from "../instances/writer.ts";
import { XlsxWorkbook } from "./xlsx-reader.ts";
import type { Metrics } from "../../infra/metrics.ts";

export interface UploadLimits {
  /** METABUILD_UPLOAD_MAX_UNPACKED_BYTES: what the workbook may unpack to. */
  maxUnpackedBytes: number;
  /** Names, paths, values and the upload's characters (docs/limits.md). */
  write: WriteLimits;
}

/** Thrown at the end of a dry run to roll back everything it wrote, carrying its answer. */
class DryRunDone extends Error {
  constructor(readonly result: UploadResult) {
    super("dry run");
  }
}

/** Lets other requests run between two patterns' transactions of a large upload. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * POST /api/v1/instances: reads the workbook into instances grouped by
 * pattern, then writes each pattern's instances in its own transaction
 * through the InstanceWriter (flags, checkouts, versions, commits and
 * validation are its rules). A pattern that fails is rolled back alone and
 * named in `errors`; the others stay imported (docs/reference/endpoints.md processing rule 2).
 */
export class SpreadsheetUploads {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
    private readonly limits: UploadLimits,
    private readonly metrics: Metrics,
  ) {}

  /** `file`: the received workbook on disk, if the request had one. */
  upload(
    principal: Principal,
    fields: UploadFields,
    file: { path: string } | undefined,
  ): Promise<UploadResult> {
    return this.metrics.countUpload(this.importWorkbook(principal, fields, file));
  }

  private async importWorkbook(
    principal: Principal,
    fields: UploadFields,
    file: { path: string } | undefined,
  ): Promise<UploadResult> {
    const project = await this.access.resolveProject(principal, fields, "write_instances");
    if (!file) throw new BadRequest(messages.fieldRequired("file"));
    const plan = await this.read(file.path, fields);
    await this.checkNewNames(project, plan);
    if (fields.dry_run) return await this.dryRun(principal, project, plan, fields);
    const result: Required<UploadResult> = { instances: [], errors: [] };
    for (const [patternName, planned] of plan.patterns) {
      await this.importOrReport(principal, project, patternName, planned, fields, result);
      await breathe();
    }
    return answer(result);
  }

  /**
   * The same writes, in one transaction that is then rolled back: the
   * statuses are the writer's own (flags, checkouts, validation, missing
   * patterns), and nothing stays, not even the folders it created. Ids of
   * instances it would insert are not known, so they are null.
   */
  private async dryRun(
    principal: Principal,
    project: ProjectRow,
    plan: UploadPlan,
    fields: UploadFields,
  ): Promise<UploadResult> {
    try {
      await transaction(this.db, async () => {
        const result: Required<UploadResult> = { instances: [], errors: [] };
        for (const [patternName, planned] of plan.patterns)
          await this.importOrReport(principal, project, patternName, planned, fields, result);
        for (const item of result.instances) if (item.status === "INSERTED") item.id = null;
        throw new DryRunDone(answer(result));
      });
    } catch (err) {
      if (err instanceof DryRunDone) return err.result;
      throw err;
    }
    throw new Error("unreachable: a dry run always rolls back");
  }

  /** One pattern: its instances into `result`, or its failure into `result.errors`. */
  private async importOrReport(
    principal: Principal,
    project: ProjectRow,
    patternName: string,
    planned: PlannedInstance[],
    fields: UploadFields,
    result: Required<UploadResult>,
  ): Promise<void> {
    try {
      result.instances.push(
        ...(await this.importPattern(principal, project, patternName, planned, fields)),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.errors.push(
        err.message === messages.patternNotFound(patternName)
          ? err.message
          : `Pattern '${patternName}': ${err.message}`,
      );
    }
  }

  /**
   * A 400 naming the row when the upload would create an instance whose
   * name breaks its pattern's rule (docs/instance-names.md), before anything
   * is written; names of instances that exist already stay as they are.
   */
  private async checkNewNames(project: ProjectRow, plan: UploadPlan): Promise<void> {
    for (const [patternName, planned] of plan.patterns) {
      const pattern = await findPatternByName(this.db, project.customerId, patternName);
      if (!pattern || pattern.deleted === 1) continue; // reported with the pattern's writes
      const rule = pattern.instanceNamePattern;
      for (const instance of planned) {
        if (nameRuleBreach(instance.name, rule) === undefined) continue;
        const folderId = await findFolderIdByPath(this.db, project.id, instance.folder);
        const key = { projectId: project.id, patternId: pattern.id, name: instance.name };
        if (
          folderId !== undefined &&
          (await findInstanceByKey(this.db, { ...key, instanceFolderId: folderId }))
        )
          continue;
        checkNewInstanceName(instance.name, rule, "INSTANCE", instance.where);
      }
    }
  }

  /** Streams the selected sheets through the column rules; every input mistake is a 400 here. */
  private async read(path: string, fields: UploadFields): Promise<UploadPlan> {
    const workbook = await XlsxWorkbook.open(path, this.limits.maxUnpackedBytes);
    const explicit = (fields.sheets?.length ?? 0) > 0;
    const builder = new UploadPlanBuilder(
      { pattern: fields.pattern, folder: fields.folder },
      this.limits.write,
    );
    for (const sheet of new Set(workbook.select(fields.sheets))) {
      builder.beginSheet(sheet.name, explicit);
      await workbook.readSheet(sheet, (row, cells) => builder.addLine(row, cells));
      builder.endSheet();
    }
    return builder.finish();
  }

  /** One pattern's instances, all or none. */
  private async importPattern(
    principal: Principal,
    project: ProjectRow,
    patternName: string,
    planned: PlannedInstance[],
    fields: UploadFields,
  ): Promise<UploadedInstance[]> {
    const pattern = await findPatternByName(this.db, project.customerId, patternName);
    if (!pattern || pattern.deleted === 1)
      throw new NotFound(messages.patternNotFound(patternName));
    const { properties, roles } = await loadPatternColumns(this.db, pattern.id);
    const columns = [...properties, ...roles].map((c) => c.name);
    const options = { source: "upload" as const, overwrite: fields.overwrite ?? false };
    const write = async () =>
      await this.writer.writeAll(
        principal,
        planned.map((instance) => ({
          projectId: project.id,
          patternId: pattern.id,
          folder: instance.folder,
          name: instance.name,
          rows: metadataRows(instance, columns),
          // Undefined keeps an existing instance's release as it is.
          release: fields.release,
          // Overwriting a soft-deleted instance brings it back: the upload says
          // UPDATED, so it must not stay hidden from every list.
          flags: options.overwrite ? { deleted: false } : undefined,
        })),
        options,
      );
    // One event per pattern, with counts, in the transaction of its writes (docs/audit-log.md).
    const outcomes = await transaction(this.db, async () => {
      const written = await write();
      await recordAudit(this.db, principal, {
        action: "instance.upload",
        projectId: project.id,
        target: { kind: "pattern", id: pattern.id, label: pattern.name },
        after: { ...countStatuses(written), overwrite: options.overwrite, release: fields.release },
      });
      return written;
    });
    const releases = await releaseNamesOf(
      this.db,
      outcomes.map((o) => o.id),
    );
    return outcomes.map((o) => uploaded(o, pattern.name, releases.get(o.id) ?? null));
  }
}

/** How many instances of a write ended in each status. */
function countStatuses(outcomes: readonly WriteOutcome[]) {
  const counts = { inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const o of outcomes) counts[o.status.toLowerCase() as keyof typeof counts]++;
  return counts;
}

/** `errors` only when a pattern failed (docs/spreadsheets.md). */
function answer(result: Required<UploadResult>): UploadResult {
  return result.errors.length > 0 ? result : { instances: result.instances };
}

/**
 * The writer's outcome as the upload answers it. UNCHANGED (overwrite asked,
 * content already equal) is reported as UPDATED: the instance now holds what
 * the file says, which is what the user asked for; `reason` tells that no new
 * version was needed.
 */
function uploaded(o: WriteOutcome, pattern: string, release: string | null): UploadedInstance {
  const item: UploadedInstance = {
    id: o.id,
    name: o.name,
    folder: o.folder,
    pattern,
    release,
    status: o.status === "UNCHANGED" ? "UPDATED" : o.status,
  };
  if (o.status === "UNCHANGED") item.reason = "unchanged";
  else if (o.reason) item.reason = o.reason;
  return item;
}
