import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import { type Db, findInstanceWithNames, labelNamesOf, transaction } from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { type Found, writeKey } from "./instance-editing.ts";
import type { InstanceWriter } from "./instance-writer.ts";
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
    const labels =
      change.labels_add?.length || removed.size
        ? [...labelNamesOf(this.db, instance.id), ...(change.labels_add ?? [])].filter(
            (l) => !removed.has(l.trim()),
          )
        : undefined;
    const outcome = this.writer.write(
      principal,
      { ...writeKey(found), labels, flags: change.flags },
      {
        source: "console",
        overwrite: true,
        message: change.message,
        ignoreEditDisabled: principal.admin,
      },
    );
    return {
      ...same,
      status: outcome.status === "UNCHANGED" ? "UNCHANGED" : "UPDATED",
      version: outcome.version,
    };
  }
}
