import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  NotFound,
  type Principal,
  VersionConflict,
  messages,
} from "@metabuild/core";
import { type Db, findInstanceWithNames, labelNamesOf, transaction } from "@metabuild/db";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";
import type { Found } from "./editing.ts";
import { refuseDeletingReferenced } from "./references.ts";
import type { InstanceWriter } from "./writer.ts";
type Outcome = InstanceBulkOutcome["instances"][number];

/**
 * One change (labels added or removed, flags set or cleared) to many
 * instances of a project, from the console's list selection. Like an upload
 * it reports per instance: one that may not change now (edit-disabled,
 * someone else's checkout) is SKIPPED with the reason while the others
 * change, each as its own version, all in one transaction. An id outside the
 * project answers 404 and nothing changes; so does a change based on an
 * outdated version of any of them (409 listing those: the user chose the
 * change from what they saw, docs/console-instance-writes.md).
 */
export class InstanceBulkService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
  ) {}

  async change(principal: Principal, change: InstanceBulkChange): Promise<InstanceBulkOutcome> {
    const project = await this.access.projectById(principal, change.project_id);
    await this.access.require(principal, project.id, "write_instances");
    const found: NonNullable<Awaited<ReturnType<typeof findInstanceWithNames>>>[] = [];
    for (const id of new Set(change.ids)) {
      const f = await findInstanceWithNames(this.db, principal.customerId, id);
      if (!f || f.instance.projectId !== project.id)
        throw new NotFound(messages.recordNotFound(id));
      found.push(f);
    }
    const bases = found.map(({ instance }) => {
      const base = change.base_versions[String(instance.id)];
      if (base === undefined)
        throw new BadRequest(
          `'base_versions.${instance.id}' is required: the version of each instance the change is based on`,
        );
      return base;
    });
    return await transaction(this.db, async () => {
      await refuseDeletingReferenced(this.db, found, change.flags, change.force);
      const stale: { id: number; conflict: VersionConflict }[] = [];
      const instances: (Outcome | undefined)[] = [];
      for (const [i, f] of found.entries()) {
        try {
          instances.push(await this.changeOne(principal, f, change, bases[i] as number));
        } catch (err) {
          if (!(err instanceof VersionConflict)) throw err;
          stale.push({ id: f.instance.id, conflict: err });
          instances.push(undefined);
        }
      }
      // Thrown inside the transaction: the instances changed before it roll back.
      if (stale.length > 0) throw staleBulk(stale, found.length);
      const outcomes = instances as Outcome[];
      await this.audit(principal, project.id, change, outcomes);
      return { instances: outcomes };
    });
  }

  private async audit(
    principal: Principal,
    projectId: number,
    change: InstanceBulkChange,
    outcomes: readonly Outcome[],
  ): Promise<void> {
    const updated = outcomes.filter((o) => o.status === "UPDATED").length;
    if (updated === 0) return;
    await recordAudit(this.db, principal, {
      action: "instance.bulk_update",
      projectId,
      target: {
        kind: "instances",
        label: updated === 1 ? "1 instance" : `${updated} instances`,
      },
      ...bulkAudit(change, outcomes),
    });
  }

  private async changeOne(
    principal: Principal,
    found: Found,
    change: InstanceBulkChange,
    baseVersion: number,
  ): Promise<Outcome> {
    const { instance, folder } = found;
    const removed = new Set(change.labels_remove ?? []);
    const labels =
      change.labels_add?.length || removed.size
        ? [...(await labelNamesOf(this.db, instance.id)), ...(change.labels_add ?? [])].filter(
            (l) => !removed.has(l.trim()),
          )
        : undefined;
    const outcome = await this.writer.writeExisting(principal, found, {
      labels,
      flags: change.flags,
      message: change.message,
      baseVersion,
      mayUnlock: principal.admin,
      skipRefused: true,
      auditAction: false,
    });
    const same = { id: instance.id, name: instance.name, folder, version: outcome.version };
    if (outcome.status === "SKIPPED") return { ...same, status: "SKIPPED", reason: outcome.reason };
    return { ...same, status: outcome.status === "UNCHANGED" ? "UNCHANGED" : "UPDATED" };
  }
}

/**
 * One event for the whole change (at most 1000 ids): what was applied and
 * which instances it changed; each one's own version history has its details.
 */
function bulkAudit(change: InstanceBulkChange, outcomes: readonly Outcome[]) {
  const ids = (status: Outcome["status"]) =>
    outcomes.filter((o) => o.status === status).map((o) => o.id);
  return {
    after: {
      labels_add: change.labels_add,
      labels_remove: change.labels_remove,
      flags: change.flags,
      updated: ids("UPDATED"),
      unchanged: ids("UNCHANGED").length,
      skipped: ids("SKIPPED"),
    },
  };
}

/** One 409 for all instances changed since the user loaded them. */
function staleBulk(stale: { id: number; conflict: VersionConflict }[], total: number): Conflict {
  const count = stale.length === 1 ? "1 instance" : `${stale.length} instances`;
  const err = new Conflict(
    `${count} of the ${total} changed since you loaded them, so nothing was changed: ${stale
      .map((s) => s.conflict.message)
      .join("; ")}`,
  );
  err.data = {
    instances: stale.map(({ id, conflict }) => ({ id, ...conflict.current })),
  };
  return err;
}
