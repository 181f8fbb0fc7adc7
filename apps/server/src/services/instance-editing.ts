import type {
  CellIssue,
  InstanceEditing,
  InstanceVersion,
  InstanceVersionRows,
} from "@metabuild/contract";
import {
  Forbidden,
  NotFound,
  POS_NO_COLUMN,
  type Principal,
  messages,
  rowsByHeader,
} from "@metabuild/core";
import {
  type CommitListRow,
  type Db,
  findInstanceCommit,
  findInstanceWithNames,
  listInstanceCommits,
  transaction,
  updateInstance,
} from "@metabuild/db";
import type { Clock } from "../infra/clock.ts";
import type { AccessService } from "./access.ts";
import {
  type InstanceState,
  type InstanceWriter,
  type MetadataCells,
  type WriteOutcome,
  instancePath,
} from "./instance-writer.ts";
import type { InstanceService } from "./instances.ts";

type Cell = string | number | null;
type Found = NonNullable<ReturnType<typeof findInstanceWithNames>>;

function toVersion(row: CommitListRow): InstanceVersion {
  return {
    version: row.version,
    source: row.source,
    user_id: row.userId,
    user: row.userEmail,
    created_at: row.createdAt,
  };
}

/**
 * The console's instance editor (product.md §4): checkout, save a version,
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
  load(principal: Principal, id: number): InstanceEditing {
    const found = this.find(principal, id);
    const { instance } = found;
    const { header, rows } = this.instances.content(instance);
    const holder = this.writer.checkoutHolder(instance);
    const path = instancePath(found.folder, instance.name);
    let readOnly: string | null = null;
    if (instance.editDisabled === 1) readOnly = `Instance '${path}' is read-only (edit disabled)`;
    else if (holder && holder.id !== principal.id)
      readOnly = `Instance '${path}' is checked out by ${holder.email}`;
    else if (!this.access.permissionsOn(principal, instance.projectId).has("write_instances"))
      readOnly = principal.admin ? null : messages.noWriteInstances;
    return {
      instance_id: instance.id,
      instance_name: instance.name,
      project_id: instance.projectId,
      project_name: found.projectName,
      pattern_id: instance.patternId,
      pattern_name: found.patternName,
      folder: found.folder,
      version: instance.version,
      header,
      rows,
      issues: JSON.parse(instance.validation) as CellIssue[],
      edit_disabled: instance.editDisabled === 1,
      checkout: holder
        ? { user_id: holder.id, email: holder.email, since: instance.checkedOutAt ?? "" }
        : null,
      read_only_reason: readOnly,
    };
  }

  /** Takes (or renews) the principal's checkout; 403 naming the holder when someone else has it. */
  checkout(principal: Principal, id: number): InstanceEditing {
    const found = this.findWritable(principal, id);
    const holder = this.writer.checkoutHolder(found.instance);
    if (holder && holder.id !== principal.id)
      throw new Forbidden(
        `Instance '${instancePath(found.folder, found.instance.name)}' is checked out by ${holder.email}`,
      );
    updateInstance(this.db, id, {
      checkedOutByUserId: principal.id,
      checkedOutAt: this.clock.now().toISOString(),
    });
    return this.load(principal, id);
  }

  /**
   * Releases the checkout. Pending edits sent along are committed first, in
   * the same transaction, so releasing never loses them; an admin may release
   * another user's checkout (whose saves are already versions).
   */
  checkin(principal: Principal, id: number, rows?: Record<string, Cell>[]): InstanceEditing {
    const found = this.findWritable(principal, id);
    const holder = this.writer.checkoutHolder(found.instance);
    if (holder && holder.id !== principal.id && !principal.admin)
      throw new Forbidden(
        `Instance '${instancePath(found.folder, found.instance.name)}' is checked out by ${holder.email}`,
      );
    transaction(this.db, () => {
      if (rows !== undefined) this.write(principal, found, rows);
      updateInstance(this.db, id, { checkedOutByUserId: null, checkedOutAt: null });
    });
    return this.load(principal, id);
  }

  /** Saves the rows as a new version (UNCHANGED when identical); 403 when refused. */
  save(principal: Principal, id: number, rows: Record<string, Cell>[]): WriteOutcome {
    return this.write(principal, this.findWritable(principal, id), rows);
  }

  versions(principal: Principal, id: number): { data: InstanceVersion[] } {
    this.find(principal, id);
    return { data: listInstanceCommits(this.db, id).map(toVersion) };
  }

  /** One version's rows keyed by today's header (cells of removed columns left out). */
  version(principal: Principal, id: number, version: number): InstanceVersionRows {
    const { instance } = this.find(principal, id);
    const commit = findInstanceCommit(this.db, id, version);
    if (!commit) throw new NotFound(`Instance ${id} has no version ${version}`);
    const state = JSON.parse(commit.after) as InstanceState;
    const { header } = this.instances.content(instance);
    const rows = rowsByHeader(
      header,
      state.rows.map((data, index) => ({ posNo: index + 1, data })),
    );
    return { ...toVersion(commit), header, rows };
  }

  private write(principal: Principal, found: Found, rows: Record<string, Cell>[]): WriteOutcome {
    // The array order is the row order: positions the client sent are dropped.
    const cells: MetadataCells[] = rows.map((row) => {
      const out: MetadataCells = {};
      for (const [k, v] of Object.entries(row))
        if (k !== POS_NO_COLUMN) out[k] = v === null ? null : String(v);
      return out;
    });
    return this.writer.write(
      principal,
      {
        projectId: found.instance.projectId,
        patternId: found.instance.patternId,
        folder: found.folder,
        name: found.instance.name,
        rows: cells,
      },
      { source: "console", overwrite: true },
    );
  }

  /** The instance if it belongs to the principal's customer and they may read its project. */
  private find(principal: Principal, id: number): Found {
    const found = findInstanceWithNames(this.db, principal.customerId, id);
    if (!found) throw new NotFound(messages.recordNotFound(id));
    this.access.require(principal, found.instance.projectId);
    return found;
  }

  private findWritable(principal: Principal, id: number): Found {
    const found = this.find(principal, id);
    this.access.require(principal, found.instance.projectId, "write_instances");
    if (found.instance.editDisabled === 1)
      throw new Forbidden(
        `Instance '${instancePath(found.folder, found.instance.name)}' is read-only (edit disabled)`,
      );
    return found;
  }
}
