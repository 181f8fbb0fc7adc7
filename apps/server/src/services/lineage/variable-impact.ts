import type { LineageImpact, PatternVariable, VariableValueSet } from "@metabuild/contract";
import { PayloadTooLarge, type Principal } from "@metabuild/core";
import { type Db, instanceIdsOfPatternBelow, setVariableOverride } from "@metabuild/db";
import type { Place, VariableValueService } from "../variable-values.ts";
import type { LineageImpactService } from "./impact.ts";

/** The audit event's record of an impact: counts and names, never file contents. */
export function impactSummary(impact: LineageImpact): Record<string, unknown> {
  return {
    changed: impact.changed.length,
    invalid: impact.invalid.length,
    deployments: impact.deployments.map((d) => `${d.pattern} ${d.name}`),
  };
}

/**
 * Impact of setting a variable value (docs/lineage.md "Impact"): every
 * instance of the pattern at the place (the instance, or the folder and
 * below it, or the whole project) may resolve it differently.
 */
export class VariableImpactService {
  constructor(
    private readonly db: Db,
    private readonly values: VariableValueService,
    private readonly impact: LineageImpactService,
    /** METABUILD_IMPACT_MAX_INSTANCES. */
    private readonly maxInstances: number,
  ) {}

  /** PUT …?dry_run=true: the impact, nothing written; the same checks as the save. */
  async dryRun(principal: Principal, input: VariableValueSet): Promise<LineageImpact> {
    const place = await this.values.placeOf(principal, input);
    return await this.of(principal, place, input.value);
  }

  /** The save, with the impact's summary in its audit event. */
  async set(principal: Principal, input: VariableValueSet): Promise<PatternVariable> {
    const place = await this.values.placeOf(principal, input);
    const touched = await this.touched(place);
    const summary =
      touched.length > this.maxInstances
        ? { not_computed: `${touched.length} instances, more than METABUILD_IMPACT_MAX_INSTANCES` }
        : impactSummary(await this.of(principal, place, input.value, touched));
    return await this.values.set(principal, input, summary);
  }

  private async of(
    principal: Principal,
    place: Place,
    value: string,
    touched?: number[],
  ): Promise<LineageImpact> {
    const ids = touched ?? (await this.touched(place));
    if (ids.length > this.maxInstances)
      throw new PayloadTooLarge(
        `The change touches ${ids.length} instances; an impact renders at most ${this.maxInstances} (METABUILD_IMPACT_MAX_INSTANCES)`,
      );
    return await this.impact.of(
      { id: place.projectId, customerId: principal.customerId },
      ids,
      async () => {
        await setVariableOverride(this.db, place, value);
      },
    );
  }

  private async touched(place: Place): Promise<number[]> {
    if (place.instanceId !== null) return [place.instanceId];
    return await instanceIdsOfPatternBelow(
      this.db,
      place.projectId,
      place.patternId,
      place.folderPath ?? undefined,
    );
  }
}
