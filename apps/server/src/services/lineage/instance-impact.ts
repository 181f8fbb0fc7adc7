import type { InstanceDetailsSave, InstanceEditing, LineageImpact } from "@metabuild/contract";
import type { Principal } from "@metabuild/core";
import type { Db } from "@metabuild/db";
import type { InstanceEditingService, PendingRows } from "../instances/editing.ts";
import type { WriteOutcome } from "../instances/writer.ts";
import type { LineageImpactService } from "./impact.ts";
import { becameInvalid } from "./invalid-after.ts";
import { impactSummary } from "./variable-impact.ts";

/**
 * Impact of an instance save in the editor (docs/lineage.md "Impact"): its
 * rows (`PUT …/rows`) or its details and flags (`PATCH …`, a delete leaves
 * its readers dangling). The instance itself and everything downstream of it
 * may render differently or become invalid.
 */
export class InstanceImpactService {
  constructor(
    private readonly db: Db,
    private readonly editing: InstanceEditingService,
    private readonly impact: LineageImpactService,
  ) {}

  /** PUT …/rows?dry_run=true: the impact, nothing written; the same checks as the save. */
  async dryRunRows(principal: Principal, id: number, change: PendingRows): Promise<LineageImpact> {
    return await this.of(principal, id, () => this.editing.save(principal, id, change));
  }

  /** The rows' save, with the impact's summary in its audit event. */
  async saveRows(principal: Principal, id: number, change: PendingRows): Promise<WriteOutcome> {
    const impact = await this.dryRunRows(principal, id, change);
    return await this.editing.save(principal, id, {
      ...change,
      auditImpact: impactSummary(impact),
    });
  }

  /** PATCH …?dry_run=true: the impact of the details and flags, nothing written. */
  async dryRunDetails(
    principal: Principal,
    id: number,
    details: InstanceDetailsSave,
    baseVersion: number,
  ): Promise<LineageImpact> {
    return await this.of(principal, id, () =>
      this.editing.saveDetails(principal, id, details, baseVersion),
    );
  }

  /** The details' save, with the impact's summary in its audit event. */
  async saveDetails(
    principal: Principal,
    id: number,
    details: InstanceDetailsSave,
    baseVersion: number,
  ): Promise<InstanceEditing> {
    const impact = await this.dryRunDetails(principal, id, details, baseVersion);
    return await this.editing.saveDetails(
      principal,
      id,
      details,
      baseVersion,
      impactSummary(impact),
    );
  }

  private async of(
    principal: Principal,
    id: number,
    apply: () => Promise<unknown>,
  ): Promise<LineageImpact> {
    // 404 for another customer's instance, 403 without read access, before anything runs.
    const { instance } = await this.editing.readable(principal, id);
    const project = { id: instance.projectId, customerId: principal.customerId };
    // First the check: it runs the save's own refusals (403, 409, 400) in a rolled-back transaction.
    const invalid = await becameInvalid(this.db, project, [id], apply);
    const impact = await this.impact.of(project, [id], apply);
    return { ...impact, invalid };
  }
}
