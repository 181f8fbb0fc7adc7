import type { LineageImpact, PatternDefinition, PatternSaveResult } from "@metabuild/contract";
import { PayloadTooLarge, type Principal } from "@metabuild/core";
import { type Db, liveInstancesOfPattern } from "@metabuild/db";
import type { PatternAuthoringService } from "../pattern-authoring.ts";
import type { LineageImpactService } from "./impact.ts";
import { becameInvalid } from "./invalid-after.ts";
import { impactSummary } from "./variable-impact.ts";

/**
 * Impact of a pattern save in the editor (definition, properties, templates;
 * docs/lineage.md "Impact"): every live instance of the pattern, in every
 * project of the customer, may render differently or become invalid, and so
 * may everything downstream of them.
 */
export class PatternImpactService {
  constructor(
    private readonly db: Db,
    private readonly authoring: PatternAuthoringService,
    private readonly impact: LineageImpactService,
    /** METABUILD_IMPACT_MAX_INSTANCES. */
    private readonly maxInstances: number,
  ) {}

  /** PUT …?dry_run=true: the save's answer with its `impact`, nothing written. */
  async dryRun(
    principal: Principal,
    id: number,
    definition: PatternDefinition,
    baseVersion: number,
  ): Promise<PatternSaveResult> {
    // The save's own checks (404, 403, 409, 400) first.
    const result = await this.authoring.save(principal, id, definition, baseVersion, true);
    const impact = await this.of(principal, await this.touched(id), () =>
      this.authoring.save(principal, id, definition, baseVersion, false),
    );
    return { ...result, impact };
  }

  /** The save, with the impact's summary in its audit event. */
  async save(
    principal: Principal,
    id: number,
    definition: PatternDefinition,
    baseVersion: number,
  ): Promise<PatternSaveResult> {
    // A refused save answers its error before anything is rendered.
    await this.authoring.save(principal, id, definition, baseVersion, true);
    const touched = await this.touched(id);
    const summary =
      touched.length > this.maxInstances
        ? { not_computed: `${touched.length} instances, more than METABUILD_IMPACT_MAX_INSTANCES` }
        : impactSummary(
            await this.of(principal, touched, () =>
              this.authoring.save(principal, id, definition, baseVersion, false),
            ),
          );
    return await this.authoring.save(principal, id, definition, baseVersion, false, summary);
  }

  private async touched(patternId: number) {
    return await liveInstancesOfPattern(this.db, patternId);
  }

  /** One impact per project holding instances of the pattern, merged. */
  private async of(
    principal: Principal,
    touched: { id: number; projectId: number }[],
    apply: () => Promise<unknown>,
  ): Promise<LineageImpact> {
    if (touched.length > this.maxInstances)
      throw new PayloadTooLarge(
        `The change touches ${touched.length} instances; an impact renders at most ${this.maxInstances} (METABUILD_IMPACT_MAX_INSTANCES)`,
      );
    const merged: LineageImpact = { changed: [], invalid: [], deployments: [], sample: null };
    const byProject = new Map<number, number[]>();
    for (const t of touched) {
      const ids = byProject.get(t.projectId);
      if (ids) ids.push(t.id);
      else byProject.set(t.projectId, [t.id]);
    }
    for (const [projectId, ids] of byProject) {
      const project = { id: projectId, customerId: principal.customerId };
      const impact = await this.impact.of(project, ids, apply, { programChanges: true });
      merged.changed.push(...impact.changed);
      merged.invalid.push(...(await becameInvalid(this.db, project, ids, apply)));
      for (const d of impact.deployments)
        if (!merged.deployments.some((m) => m.id === d.id)) merged.deployments.push(d);
      merged.sample ??= impact.sample;
    }
    return merged;
  }
}
