import type {
  CellIssue,
  EditorColumn,
  InstanceDetailsSave,
  InstanceEditing,
  ReferenceCandidates,
  ReferenceCandidatesQuery,
} from "@metabuild/contract";
import {
  BadRequest,
  Forbidden,
  NotFound,
  POS_NO_COLUMN,
  type Principal,
  REFERENCE_DATATYPE,
  messages,
  referencesOf,
  unknownColumns,
  validateInstance,
} from "@metabuild/core";
import {
  type Db,
  findInstanceWithNames,
  labelNamesOf,
  loadPatternColumns,
  patternConstraints,
  releaseChoicesOfPattern,
  transaction,
  updateInstance,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import { checkReferences, referenceCandidates, refuseDeletingReferenced } from "./references.ts";
import {
  type InstanceWriter,
  type LoadedInstance,
  type MetadataCells,
  type WriteOutcome,
  instancePath,
} from "./writer.ts";
import type { InstanceService } from "./service.ts";

type Cell = string | number | null;

/** Rows the editor sends to be saved, with the version they were edited from. */
export interface PendingRows {
  rows: Record<string, Cell>[];
  message?: string;
  baseVersion: number;
  /** The save's impact summary for its audit event (docs/lineage.md "Impact"). */
  auditImpact?: Record<string, unknown>;
}
export type Found = NonNullable<Awaited<ReturnType<typeof findInstanceWithNames>>>;

/** The cells as a save stores them: array order is row order, so `@POS_NO` is dropped. */
function toCells(rows: Record<string, Cell>[]): MetadataCells[] {
  return rows.map((row) => {
    const out: MetadataCells = {};
    for (const [k, v] of Object.entries(row))
      if (k !== POS_NO_COLUMN) out[k] = v === null || v === "" ? null : String(v);
    return out;
  });
}

/** The pattern's properties and roles with the rules the editor shows beside them. */
async function editorColumns(db: Db, patternId: number): Promise<EditorColumn[]> {
  const { properties, roles } = await loadPatternColumns(db, patternId);
  return [
    ...properties.map((p) => ({
      name: p.name,
      kind: "property" as const,
      datatype: p.datatype,
      ...(p.datatype === REFERENCE_DATATYPE ? { references: referencesOf(p.format) } : {}),
      required: p.required === 1,
      description: p.description,
      cardinality: null,
    })),
    ...roles.map((r) => ({
      name: r.name,
      kind: "role" as const,
      datatype: null,
      required: (Number(r.cardinalityMin) || 0) > 0,
      description: r.class,
      cardinality: `${r.cardinalityMin}..${r.cardinalityMax}`,
    })),
  ];
}

/**
 * The console's instance editor (docs/reference/rules.md §4): checkout, save a version,
 * check in, history. Every change goes through InstanceWriter with source
 * 'console', which refuses edit-disabled instances and other users' checkouts.
 */
export class InstanceEditingService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly instances: InstanceService,
    private readonly writer: InstanceWriter,
    private readonly clock: Clock,
  ) {}

  /** Rows, header, per-cell issues, flags and checkout of one instance. */
  async load(principal: Principal, id: number): Promise<InstanceEditing> {
    const found = await this.readable(principal, id);
    const { instance } = found;
    const { header, rows } = await this.instances.content(instance);
    const holder = await this.writer.refusals.checkoutHolder(instance);
    let readOnly = (await this.refusal(principal, found))?.message ?? null;
    if (
      readOnly === null &&
      !principal.admin &&
      !(await this.access.permissionsOn(principal, instance.projectId)).has("write_instances")
    )
      readOnly = messages.noWriteInstances;
    return {
      instance_id: instance.id,
      instance_name: instance.name,
      project_id: instance.projectId,
      project_name: found.projectName,
      pattern_id: instance.patternId,
      pattern_name: found.patternName,
      folder: found.folder,
      version: instance.version,
      description: instance.description,
      labels: await labelNamesOf(this.db, instance.id),
      ...(await this.releaseOf(instance)),
      header,
      columns: await editorColumns(this.db, instance.patternId),
      rows,
      issues: JSON.parse(instance.validation) as CellIssue[],
      deleted: instance.deleted === 1,
      upload_disabled: instance.uploadDisabled === 1,
      insert_disabled: instance.insertDisabled === 1,
      build_disabled: instance.buildDisabled === 1,
      edit_disabled: instance.editDisabled === 1,
      checkout: holder
        ? { user_id: holder.id, email: holder.email, since: instance.checkedOutAt ?? "" }
        : null,
      read_only_reason: readOnly,
    };
  }

  private async releaseOf(instance: Found["instance"]) {
    const choices = await releaseChoicesOfPattern(this.db, instance.patternId);
    return {
      release_group: choices.group,
      release: choices.releases.find((r) => r.id === instance.releaseId)?.name ?? null,
      releases: choices.releases.map((r) => r.name),
    };
  }

  /** Takes (or renews) the principal's checkout; 403 naming the holder when someone else has it. */
  async checkout(principal: Principal, id: number): Promise<InstanceEditing> {
    // The check and the update in one write transaction: write transactions run one at a
    // time on both stores (on PostgreSQL under one advisory lock), so of two users taking
    // the checkout at once through different server processes, the second sees the first's
    // (docs/scale-out.md).
    await transaction(this.db, async () => {
      const found = await this.writable(principal, id);
      await this.refuse(principal, found);
      await updateInstance(this.db, id, {
        checkedOutByUserId: principal.id,
        checkedOutAt: this.clock.now().toISOString(),
      });
    });
    return await this.load(principal, id);
  }

  /**
   * Releases the checkout. Pending edits sent along are committed first, in
   * the same transaction, so releasing never loses them; an admin may release
   * another user's checkout (whose saves are already versions).
   */
  async checkin(principal: Principal, id: number, pending?: PendingRows): Promise<InstanceEditing> {
    const found = await this.writable(principal, id);
    await this.refuse(principal, found, { mayRelease: principal.admin });
    await transaction(this.db, async () => {
      if (pending !== undefined) await this.write(principal, found, pending);
      await updateInstance(this.db, id, { checkedOutByUserId: null, checkedOutAt: null });
    });
    return await this.load(principal, id);
  }

  /** Saves the rows as a new version (UNCHANGED when identical); 403 when refused. */
  async save(principal: Principal, id: number, change: PendingRows): Promise<WriteOutcome> {
    return await this.write(principal, await this.writable(principal, id), change);
  }

  /**
   * Description, labels and flags as a new version (UNCHANGED when the same),
   * the rows as stored. The rules of a save, except that an admin may change
   * an edit-disabled instance: only so can the lock be lifted in the console.
   */
  async saveDetails(
    principal: Principal,
    id: number,
    details: InstanceDetailsSave,
    baseVersion: number,
    auditImpact?: Record<string, unknown>,
  ): Promise<InstanceEditing> {
    const found = await this.writable(principal, id);
    await refuseDeletingReferenced(this.db, [found], details.flags, details.force);
    await this.writer.writeExisting(principal, found, {
      // "" clears: a JSON null never arrives (it counts as a missing field).
      description: details.description === "" ? null : details.description,
      labels: details.labels,
      release: details.release === "" ? null : details.release,
      flags: details.flags,
      message: details.message,
      baseVersion,
      mayUnlock: principal.admin,
      auditImpact,
    });
    return await this.load(principal, id);
  }

  /**
   * The issues these rows would have if saved, without storing anything: the
   * editor checks every edit against the same rules a save applies. Needs
   * only read access (it changes nothing).
   */
  async validate(
    principal: Principal,
    id: number,
    rows: Record<string, Cell>[],
  ): Promise<CellIssue[]> {
    const { instance } = await this.readable(principal, id);
    const { properties, roles } = await loadPatternColumns(this.db, instance.patternId);
    const cells = toCells(rows);
    const unknown = unknownColumns(cells, properties, roles)[0];
    if (unknown)
      throw new BadRequest(
        `rows: row ${unknown.row + 1} has an unknown column '${unknown.column}'`,
      );
    const issues = validateInstance(
      cells,
      properties,
      roles,
      await patternConstraints(this.db, instance.patternId),
    );
    const { projectId, customerId } = instance;
    const references = await checkReferences(this.db, projectId, customerId, { properties }, cells);
    return references ? [...issues, ...references.issues] : issues;
  }

  /** What a reference cell of the instance may point to, by part of the name (the editor's picker). */
  async referenceCandidates(
    principal: Principal,
    id: number,
    query: ReferenceCandidatesQuery,
  ): Promise<ReferenceCandidates> {
    const { instance } = await this.readable(principal, id);
    const { properties } = await loadPatternColumns(this.db, instance.patternId);
    return { items: await referenceCandidates(this.db, instance, properties, query) };
  }

  private async write(
    principal: Principal,
    found: Found,
    pending: PendingRows,
  ): Promise<WriteOutcome> {
    return await this.writer.writeExisting(principal, found, {
      rows: toCells(pending.rows),
      message: pending.message,
      baseVersion: pending.baseVersion,
      auditImpact: pending.auditImpact,
    });
  }

  /** Why the principal may not change the instance now (a lock, someone else's checkout). */
  async refusal(
    principal: Principal,
    loaded: LoadedInstance,
    extra: { mayRelease?: boolean } = {},
  ) {
    return await this.writer.refusals.refusal(
      principal,
      loaded.instance,
      instancePath(loaded.folder, loaded.instance.name),
      { source: "console", overwrite: true, ...extra },
    );
  }

  private async refuse(
    principal: Principal,
    loaded: LoadedInstance,
    extra?: { mayRelease?: boolean },
  ) {
    const refusal = await this.refusal(principal, loaded, extra);
    if (refusal) throw new Forbidden(refusal.message);
  }

  /** The instance if it belongs to the principal's customer and they may read its project. */
  async readable(principal: Principal, id: number): Promise<Found> {
    const found = await findInstanceWithNames(this.db, principal.customerId, id);
    if (!found) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, found.instance.projectId);
    return found;
  }

  /**
   * Readable and `write_instances`. The lock and someone else's checkout are
   * the refusal rules' (refusals.ts), asked by the write itself.
   */
  async writable(principal: Principal, id: number): Promise<Found> {
    const found = await this.readable(principal, id);
    await this.access.require(principal, found.instance.projectId, "write_instances");
    return found;
  }
}
