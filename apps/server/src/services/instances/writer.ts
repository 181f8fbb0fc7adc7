import {
  Conflict,
  Forbidden,
  type InstanceFlags,
  type InstanceState,
  type MetadataCells,
  NO_FLAGS,
  type Principal,
  type ValidationIssue,
  VersionConflict,
  type WriteLimits,
  checkNewInstanceName,
  longValue,
  orderRows,
  sameNumbers,
  sameTexts,
  stateRestText,
  stateText,
  storedPositions,
  storedRowCells,
  toStoredCells,
  tooLongMessage,
  unknownColumns,
  validateInstance,
} from "@metabuild/core";
import {
  type Db,
  type InstanceRecord,
  constraintsOf,
  findInstanceCommit,
  insertInstance,
  labelNamesOf,
  loadStoredRows,
  replaceLabels,
  replaceRows,
  transaction,
  updateInstance,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import { instanceAction, instanceChange } from "../audit-diff.ts";
import { flagValues, flagsOf } from "./flag-columns.ts";
import { InstanceRefusals } from "./refusals.ts";
import type {
  InstanceChange,
  LoadedInstance,
  WriteInput,
  WriteOptions,
  WriteOutcome,
} from "./write-types.ts";
import { checkReferences, revalidateReferencers, saveReferenceEdges } from "./references.ts";
import { auditWrite, insertVersion } from "./write-records.ts";
import { checkPart, refused, targetById, targetByKey } from "./write-target.ts";
import { WriteScope } from "../write-scope.ts";

// The shapes of a write and the pure instance model (core), re-exported for callers.
export * from "./write-types.ts";

/** What a new instance is compared with: its audit event lists what it was created with. */
const EMPTY_STATE: InstanceState = {
  rows: [],
  description: null,
  release_id: null,
  labels: [],
  flags: NO_FLAGS,
};

/**
 * The one way an instance changes (upload, metadata INSERT, bundle import,
 * console): flags and checkouts, folders, release, labels, rows, validation
 * and a commit per new version. Synchronous; a caller that writes several
 * instances uses `writeAll` (or wraps them in `transaction(db, …)`) so they
 * succeed or fail together.
 */
export class InstanceWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Names, paths and values, the same for every way in (docs/limits.md). */
    readonly limits: WriteLimits,
    /** METABUILD_CHECKOUT_TTL in seconds. */
    checkoutTtlSeconds: number,
  ) {
    this.refusals = new InstanceRefusals(db, clock, checkoutTtlSeconds);
  }

  /** The refusal rules (locks, checkouts) the writer applies, for callers that check first. */
  readonly refusals: InstanceRefusals;

  /**
   * The one way in for a change of an instance the caller loaded already
   * (console rows, details, flags, bulk, restore): by its id, read again in
   * the write's transaction, based on the version the user saw.
   */
  async writeExisting(
    actor: Principal,
    loaded: LoadedInstance,
    change: InstanceChange,
  ): Promise<WriteOutcome> {
    const { baseVersion, message, mayUnlock, skipRefused, auditAction, auditImpact, ...fields } =
      change;
    return await this.write(
      actor,
      { target: { id: loaded.instance.id, folder: loaded.folder }, ...fields },
      {
        source: "console",
        overwrite: true,
        message,
        baseVersion,
        ignoreEditDisabled: mayUnlock,
        skipRefused,
        auditAction,
        auditImpact,
      },
    );
  }

  async write(
    actor: Principal | null,
    input: WriteInput,
    options: WriteOptions,
  ): Promise<WriteOutcome> {
    return (await this.writeAll(actor, [input], options))[0] as WriteOutcome;
  }

  /**
   * Several instances in one transaction, all or none (an upload's pattern):
   * each by the same rules as `write`; what stays fixed meanwhile (project,
   * pattern and columns, folders, releases) is looked up once.
   */
  async writeAll(
    actor: Principal | null,
    inputs: readonly WriteInput[],
    options: WriteOptions,
  ): Promise<WriteOutcome[]> {
    return await transaction(this.db, async () => {
      const scope = new WriteScope(this.db);
      const outcomes: WriteOutcome[] = [];
      for (const input of inputs) outcomes.push(await this.apply(actor, input, options, scope));
      return outcomes;
    });
  }

  private async apply(
    actor: Principal | null,
    input: WriteInput,
    options: WriteOptions,
    scope: WriteScope,
  ): Promise<WriteOutcome> {
    const db = this.db;
    // Resolved once: by id when the caller holds it, by names otherwise (write-target.ts).
    const target =
      "target" in input
        ? await targetById(db, input, this.limits, scope)
        : await targetByKey(db, input, this.limits, scope);
    const { projectId, customerId, shape, folder, name, path, existing } = target;
    const { pattern, properties, roles, columns } = shape;
    const { where } = input;
    const long = longValue(input.rows, this.limits);
    if (long) {
      const detail = tooLongMessage(long.column, this.limits.valueLength, long.length);
      throw refused(
        where,
        ["rows", long.row, long.column],
        detail,
        `Instance '${path}', row ${long.row + 1}: ${detail}`,
      );
    }
    // No rows given (details, labels, flags): the stored ones stay, positions too.
    let stored =
      input.rows === undefined && existing ? await loadStoredRows(db, existing.id) : undefined;
    const givenRows = input.rows ?? (stored ? storedRowCells(stored) : []);

    const unknown = unknownColumns(givenRows, properties, roles)[0];
    if (unknown)
      throw refused(
        where,
        ["rows", unknown.row, unknown.column],
        "unknown column",
        `Instance '${path}', row ${unknown.row + 1}: unknown column '${unknown.column}' (pattern ${pattern.name} has no such property or role)`,
      );
    const ordered = orderRows(givenRows);
    const rows = ordered.rows.map((r) => toStoredCells(r, columns));
    const positions = storedPositions(ordered.positions, rows.length);
    const rowTexts = rows.map((r) => JSON.stringify(r));
    const releaseId = await scope.releaseId(pattern, input.release);
    const labels =
      input.labels === undefined
        ? undefined
        : [...new Set(input.labels.map((l) => l.trim()).filter((l) => l !== ""))].sort();
    const issues = validateInstance(rows, properties, roles, constraintsOf(pattern));
    // Reference cells resolve against the project (docs/lineage.md "References").
    const references = await checkReferences(db, projectId, customerId, shape, rows, scope);
    if (references) issues.push(...references.issues);

    const now = this.clock.now().toISOString();

    if (!existing) {
      // Only new names follow the pattern's rule: stored ones stay writable
      // and are reported instead (docs/instance-names.md). An import loads
      // declared state (a restore), so it keeps the names it carries.
      if (options.source !== "import")
        checkPart(where, ["name"], () =>
          checkNewInstanceName(
            name,
            pattern.instanceNamePattern,
            where?.fields?.name,
            where?.prefix,
          ),
        );
      const flags: InstanceFlags = { ...NO_FLAGS, ...input.flags };
      const id = await insertInstance(db, {
        customerId,
        projectId,
        patternId: pattern.id,
        instanceFolderId: await scope.ensureFolder(projectId, folder, target.segments),
        name,
        description: input.description ?? null,
        version: 1,
        releaseId: releaseId ?? null,
        userId: actor?.id ?? null,
        ...this.validationColumns(issues),
        ...flagValues(flags),
        createdAt: now,
        updatedAt: now,
      });
      await replaceRows(db, id, rowTexts, positions);
      await saveReferenceEdges(db, projectId, id, references, positions);
      // A new instance has no labels yet: only given ones need writing.
      if (labels !== undefined && labels.length > 0) await replaceLabels(db, projectId, id, labels);
      const after: InstanceState = {
        rows,
        description: input.description ?? null,
        release_id: releaseId ?? null,
        labels: labels ?? [],
        flags,
      };
      const commitId = await insertVersion(
        this.db,
        id,
        1,
        actor,
        options,
        null,
        stateText(after, rowTexts),
        now,
      );
      await updateInstance(db, id, { latestCommitId: commitId });
      await auditWrite(this.db, actor, options, projectId, id, path, "instance.create", {
        after: { rows: rows.length, ...instanceChange(EMPTY_STATE, after).after },
      });
      return { id, name, folder, status: "INSERTED", version: 1 };
    }

    if (options.createOnly) throw new Conflict(`Instance '${path}' already exists`);
    const refusal = await this.refusals.refusal(actor, existing, path, {
      source: options.source,
      overwrite: options.overwrite,
      mayUnlock: options.ignoreEditDisabled,
    });
    if (refusal && !refusal.skipped && !options.skipRefused) throw new Forbidden(refusal.message);
    if (refusal)
      return { ...this.outcome(existing, folder), status: "SKIPPED", reason: refusal.reason };
    // In the write's transaction: two writers based on one version cannot both pass.
    if (options.baseVersion !== undefined && options.baseVersion !== existing.version) {
      const latest = await findInstanceCommit(db, existing.id, existing.version);
      throw new VersionConflict(path, options.baseVersion, {
        version: existing.version,
        user: latest?.userEmail ?? null,
      });
    }

    // Rows this writer stored for the same columns come back as the same
    // texts; only when they differ are they parsed and compared as cells.
    stored ??= await loadStoredRows(db, existing.id);
    const storedTexts = stored.texts;
    const storedAsWritten = sameTexts(storedTexts, rowTexts);
    const beforeRows = storedAsWritten
      ? rows
      : storedTexts.map((t) => toStoredCells(JSON.parse(t) as MetadataCells, columns));
    const beforeTexts = storedAsWritten ? rowTexts : beforeRows.map((r) => JSON.stringify(r));
    const before: InstanceState = {
      rows: beforeRows,
      description: existing.description,
      release_id: existing.releaseId,
      labels: await labelNamesOf(db, existing.id),
      flags: flagsOf(existing),
    };
    const after: InstanceState = {
      rows,
      description: input.description === undefined ? before.description : input.description,
      release_id: releaseId === undefined ? before.release_id : releaseId,
      labels: labels ?? before.labels,
      flags: { ...before.flags, ...input.flags },
    };
    // Positions count too: an upload that only renumbers POS_NO changes the instance.
    const samePositions = sameNumbers(stored.positions, positions);
    if (
      !options.moved &&
      samePositions &&
      sameTexts(beforeTexts, rowTexts) &&
      stateRestText(before) === stateRestText(after)
    ) {
      // The pattern may have changed since: keep the stored validation current.
      const validation = this.validationColumns(issues);
      if (validation.validation !== existing.validation)
        await updateInstance(db, existing.id, validation);
      await saveReferenceEdges(db, projectId, existing.id, references, positions);
      return { ...this.outcome(existing, folder), status: "UNCHANGED" };
    }
    const version = existing.version + 1;
    await replaceRows(db, existing.id, rowTexts, positions);
    await saveReferenceEdges(db, projectId, existing.id, references, positions);
    if (labels !== undefined) await replaceLabels(db, projectId, existing.id, labels);
    const commitId = await insertVersion(
      this.db,
      existing.id,
      version,
      actor,
      options,
      stateText(before, beforeTexts),
      stateText(after, rowTexts),
      now,
    );
    await updateInstance(db, existing.id, {
      version,
      latestCommitId: commitId,
      description: after.description,
      releaseId: after.release_id,
      ...this.validationColumns(issues),
      ...flagValues(after.flags),
      // Locking ends the locker's own checkout: nobody could check it in any more.
      ...(after.flags.edit_disabled &&
      !before.flags.edit_disabled &&
      actor?.id === existing.checkedOutByUserId
        ? { checkedOutByUserId: null, checkedOutAt: null }
        : {}),
      updatedAt: now,
    });
    // Deleting or restoring a target changes the check of the instances referencing it.
    if (before.flags.deleted !== after.flags.deleted)
      await revalidateReferencers(db, [existing.id]);
    await auditWrite(
      this.db,
      actor,
      options,
      projectId,
      existing.id,
      path,
      instanceAction(before, after),
      instanceChange(before, after),
    );
    return { id: existing.id, name, folder, status: "UPDATED", version };
  }

  /** The user holding a live (unexpired) checkout of the instance. */
  async checkoutHolder(
    existing: InstanceRecord,
  ): Promise<{ id: number; email: string } | undefined> {
    return await this.refusals.checkoutHolder(existing);
  }

  private validationColumns(issues: ValidationIssue[]) {
    return { errors: issues.length, validation: JSON.stringify(issues) };
  }

  private outcome(existing: InstanceRecord, folder: string) {
    return { id: existing.id, name: existing.name, folder, version: existing.version };
  }
}
