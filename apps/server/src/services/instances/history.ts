import type { InstanceEditing, InstanceVersion, InstanceVersionRows } from "@metabuild/contract";
import { NotFound, type Principal, rowsByHeader } from "@metabuild/core";
import {
  type CommitListRow,
  type Db,
  findInstanceCommit,
  findRelease,
  listInstanceCommits,
  loadPatternColumns,
} from "@metabuild/db";
import type { InstanceEditingService } from "./editing.ts";
import type { InstanceState, InstanceWriter, MetadataCells } from "./writer.ts";
import type { InstanceService } from "./service.ts";

function toVersion(row: CommitListRow): InstanceVersion {
  return {
    version: row.version,
    source: row.source,
    user_id: row.userId,
    user: row.userEmail,
    message: row.message,
    created_at: row.createdAt,
  };
}

/**
 * An instance's versions: the list, one version's rows, and bringing an
 * earlier version back as a new one (a mistake is undone without losing the
 * versions in between).
 */
export class InstanceHistoryService {
  constructor(
    private readonly db: Db,
    private readonly instances: InstanceService,
    private readonly writer: InstanceWriter,
    private readonly editing: InstanceEditingService,
  ) {}

  async versions(principal: Principal, id: number): Promise<{ data: InstanceVersion[] }> {
    await this.editing.readable(principal, id);
    return { data: (await listInstanceCommits(this.db, id)).map(toVersion) };
  }

  /** One version's rows keyed by today's header (cells of removed columns left out). */
  async version(principal: Principal, id: number, version: number): Promise<InstanceVersionRows> {
    const { instance } = await this.editing.readable(principal, id);
    const { commit, state } = await this.state(id, version);
    const { header } = await this.instances.content(instance);
    const rows = rowsByHeader(
      header,
      state.rows.map((data, index) => ({ posNo: index + 1, data })),
    );
    return { ...toVersion(commit), header, rows };
  }

  /**
   * The rows, description, labels and release of `version` as a new version,
   * by the rules of a save (write_instances, not edit-disabled, nobody else's
   * checkout). The flags stay as they are now: they say what may happen to
   * the instance, not what it holds. Cells of columns the pattern no longer
   * has are left out; a release deleted since is kept as it is now.
   * `baseVersion` is the current version the user saw: a restore is a change
   * like any other, and must not undo a save made since without them knowing.
   */
  async restore(
    principal: Principal,
    id: number,
    version: number,
    baseVersion: number,
  ): Promise<InstanceEditing> {
    const found = await this.editing.writable(principal, id);
    const { instance } = found;
    const { state } = await this.state(id, version);
    const { properties, roles } = await loadPatternColumns(this.db, instance.patternId);
    const columns = new Set([...properties, ...roles].map((c) => c.name));
    const rows = state.rows.map((row) => {
      const kept: MetadataCells = {};
      for (const [column, value] of Object.entries(row))
        if (columns.has(column)) kept[column] = value;
      return kept;
    });
    const release =
      state.release_id === null
        ? null
        : (await findRelease(this.db, principal.customerId, state.release_id))?.name;
    await this.writer.writeExisting(principal, found, {
      rows,
      description: state.description,
      labels: state.labels,
      release,
      message: `Restored version ${version}`,
      baseVersion,
      auditAction: "instance.restore",
    });
    return await this.editing.load(principal, id);
  }

  private async state(id: number, version: number) {
    const commit = await findInstanceCommit(this.db, id, version);
    if (!commit) throw new NotFound(`Instance ${id} has no version ${version}`);
    return { commit, state: JSON.parse(commit.after) as InstanceState };
  }
}
