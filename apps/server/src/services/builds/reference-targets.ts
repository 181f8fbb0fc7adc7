import type { InstanceInput, ReferencedInstance } from "@metabuild/core";
import { type Db, findInstancePlaces, listReferencesFrom } from "@metabuild/db";

/** What a target pattern's render source answers: its instances with resolved variables. */
export interface TargetSource {
  program: { pattern: { name: string }; header: string[] };
  load(ids: number[]): Promise<{ inputs: InstanceInput[] }>;
}

/**
 * The instances a chunk's reference cells point to, for templates
 * (docs/lineage.md "Templates"): the edges of the whole chunk in one query,
 * the targets per pattern in one load each, with their own variables
 * resolved by their pattern's cascade. Target sources are opened once per
 * pattern and kept for the build's other chunks.
 */
export class ReferenceTargets {
  private readonly sources = new Map<number, Promise<TargetSource>>();

  constructor(
    private readonly db: Db,
    private readonly openTarget: (patternId: number) => Promise<TargetSource>,
  ) {}

  async attach(inputs: InstanceInput[]): Promise<void> {
    const edges = await listReferencesFrom(
      this.db,
      inputs.map((i) => i.id),
    );
    if (edges.length === 0) return;
    const byPattern = new Map<number, number[]>();
    for (const place of await findInstancePlaces(
      this.db,
      edges.map((e) => e.targetInstanceId),
    )) {
      const ids = byPattern.get(place.patternId);
      if (ids) ids.push(place.id);
      else byPattern.set(place.patternId, [place.id]);
    }
    const targets: Record<string, ReferencedInstance> = {};
    for (const [patternId, ids] of byPattern) {
      const source = await this.source(patternId);
      for (const t of (await source.load(ids)).inputs)
        targets[String(t.id)] = {
          id: t.id,
          name: t.name,
          folder: t.folder,
          pattern: source.program.pattern.name,
          header: source.program.header,
          rowsJson: t.rowsJson,
          vars: t.vars,
        };
    }
    const bySource = new Map<number, typeof edges>();
    for (const e of edges) {
      const list = bySource.get(e.sourceInstanceId);
      if (list) list.push(e);
      else bySource.set(e.sourceInstanceId, [e]);
    }
    for (const input of inputs) {
      const own = bySource.get(input.id);
      if (!own) continue;
      const cells = own.map((e): [number, string, number, string | null] => [
        e.sourcePosNo,
        e.property,
        e.targetInstanceId,
        e.targetRow,
      ]);
      const mine = Object.fromEntries(
        own.flatMap((e) => {
          const t = targets[String(e.targetInstanceId)];
          return t ? [[String(t.id), t]] : [];
        }),
      );
      input.references = { targets: mine, cells };
    }
  }

  private source(patternId: number): Promise<TargetSource> {
    let found = this.sources.get(patternId);
    if (!found) {
      found = this.openTarget(patternId);
      this.sources.set(patternId, found);
    }
    return found;
  }
}
