import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import {
  type Db,
  findInstanceWithNames,
  labelNamesOf,
  loadStoredRows,
  transaction,
  updateInstance,
} from "@metabuild/db";
import type { AccessService } from "./access.ts";
import type { InstanceWriter } from "./instance-writer.ts";
import { storedRowCells } from "./row-positions.ts";

type Found = NonNullable<ReturnType<typeof findInstanceWithNames>>;
type Outcome = InstanceBulkOutcome["instances"][number];

/**
 * One change (labels added or removed, flags set or cleared) to many
 * instances of a project, from the console's list selection. Like an upload
 * it reports per instance: one that may not change now (edit-disabled,
 * someone else's checkout) is SKIPPED with the reason while the others
 * change, each as its own version, all in one transaction. An id outside the
 * project answers 404 and nothing changes.
 */
export class InstanceBulkService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
  ) {}

  change(principal: Principal, change: InstanceBulkChange): InstanceBulkOutcome {
    const project = this.access.projectById(principal, change.project_id);
    this.access.require(principal, project.id, "write_instances");
    const found = [...new Set(change.ids)].map((id) => {
      const f = findInstanceWithNames(this.db, principal.customerId, id);
      if (!f || f.instance.projectId !== project.id)
        throw new NotFound(messages.recordNotFound(id));
      return f;
    });
    return transaction(this.db, () => ({
      instances: found.map((f) => this.changeOne(principal, f, change)),
    }));
  }

  private changeOne(principal: Principal, found: Found, change: InstanceBulkChange): Outcome {
    const { instance, folder } = found;
    const same = { id: instance.id, name: instance.name, folder, version: instance.version };
    if (instance.editDisabled === 1 && !principal.admin)
      return { ...same, status: "SKIPPED", reason: "edit disabled" };
    const holder = this.writer.checkoutHolder(instance);
    if (holder && holder.id !== principal.id)
      return { ...same, status: "SKIPPED", reason: `checked out by ${holder.email}` };

    const removed = new Set(change.labels_remove ?? []);
    const labels = [...labelNamesOf(this.db, instance.id), ...(change.labels_add ?? [])].filter(
      (l) => !removed.has(l.trim()),
    );
    const outcome = this.writer.write(
      principal,
      {
        projectId: instance.projectId,
        patternId: instance.patternId,
        folder,
        name: instance.name,
        rows: storedRowCells(loadStoredRows(this.db, instance.id)),
        labels,
        flags: change.flags,
      },
      {
        source: "console",
        overwrite: true,
        message: change.message,
        ignoreEditDisabled: principal.admin,
      },
    );
    // Locking ends the locker's own checkout: nobody could check it in any more.
    if (change.flags?.edit_disabled && instance.checkedOutByUserId === principal.id)
      updateInstance(this.db, instance.id, { checkedOutByUserId: null, checkedOutAt: null });
    return {
      ...same,
      status: outcome.status === "UNCHANGED" ? "UNCHANGED" : "UPDATED",
      version: outcome.version,
    };
  }
}
