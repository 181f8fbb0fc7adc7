import type { LeftOutReason } from "@metabuild/contract";
import { lineageLabel, walkLineage } from "@metabuild/core";
import { type Db, type LineageNodeRow, lineageEdgesAt, lineageNodes } from "@metabuild/db";

/** What a build entry asks of the graph: its instances, and which way to grow them. */
export interface LineageExpansion {
  seeds: number[];
  upstream: boolean;
  downstream: boolean;
}

/** An instance the graph adds to a build, as the planner takes it. */
export interface ExpandedInstance {
  id: number;
  projectId: number;
  patternId: number;
  pattern: string;
  folder: string;
  name: string;
  version: number;
  errors: number;
  buildDisabled: boolean;
  deleted: boolean;
}

export interface LineageLeftOut {
  id: number;
  pattern: string;
  folder: string;
  name: string;
  reason: LeftOutReason;
}

/** Why a graph-reached instance is not built, or undefined when it is. */
function leftOutReason(n: LineageNodeRow): LeftOutReason | undefined {
  if (n.deleted === 1) return "deleted";
  if (n.errors > 0) return "invalid";
  if (n.buildDisabled === 1) return "build_disabled";
  return undefined;
}

const REASON_WORDS: Record<LeftOutReason, string> = {
  deleted: "deleted",
  invalid: "invalid",
  build_disabled: "build-disabled",
  release: "not in the build's release",
};

/**
 * A build's use of the lineage graph (docs/lineage.md "Builds"): entries with
 * `upstream`/`downstream` grow through the graph before the build renders,
 * and references from what is built to instances left out become warnings.
 */
export class BuildLineage {
  constructor(private readonly db: Db) {}

  /**
   * The instances the entries' walks reach beyond `taken`: those to build,
   * and those left out (deleted, invalid, build-disabled) with a warning each.
   */
  async expand(
    projectId: number,
    expansions: readonly LineageExpansion[],
    taken: ReadonlySet<number>,
  ): Promise<{ add: ExpandedInstance[]; leftOut: LineageLeftOut[]; warnings: string[] }> {
    const reached = new Map<number, "upstream" | "downstream">();
    for (const e of expansions) {
      if (e.seeds.length === 0) continue;
      for (const side of ["upstream", "downstream"] as const) {
        if (!e[side]) continue;
        const walk = await walkLineage(e.seeds, side, undefined, (ids, s) =>
          lineageEdgesAt(this.db, projectId, ids, s),
        );
        for (const id of walk.nodes) if (!taken.has(id) && !reached.has(id)) reached.set(id, side);
      }
    }
    const add: ExpandedInstance[] = [];
    const leftOut: LineageLeftOut[] = [];
    const warnings: string[] = [];
    for (const n of await lineageNodes(this.db, projectId, [...reached.keys()])) {
      const reason = leftOutReason(n);
      if (reason === undefined) {
        add.push({
          id: n.id,
          projectId,
          patternId: n.patternId,
          pattern: n.pattern,
          folder: n.folder,
          name: n.name,
          version: n.version,
          errors: n.errors,
          buildDisabled: false,
          deleted: false,
        });
        continue;
      }
      leftOut.push({ id: n.id, pattern: n.pattern, folder: n.folder, name: n.name, reason });
      warnings.push(
        `${lineageLabel(n)} (${reached.get(n.id)} in the graph) is ${REASON_WORDS[reason]} and was left out`,
      );
    }
    return { add, leftOut, warnings };
  }

  /**
   * One warning per instance that a built instance references but the build
   * leaves out because it is deleted, invalid or build-disabled (`warned`:
   * those already named), naming who references it.
   */
  async referenceWarnings(
    projectId: number,
    built: readonly { id: number }[],
    warned: ReadonlySet<number>,
  ): Promise<string[]> {
    const members = new Set(built.map((m) => m.id));
    const edges = await lineageEdgesAt(this.db, projectId, [...members], "upstream");
    const readers = new Map<number, Set<number>>();
    for (const e of edges)
      if (!members.has(e.from) && !warned.has(e.from))
        readers.set(e.from, (readers.get(e.from) ?? new Set()).add(e.to));
    if (readers.size === 0) return [];
    const ids = [...readers.keys()];
    const names = new Map<number, string>();
    const targets = await lineageNodes(this.db, projectId, ids);
    const broken = targets.filter((t) => leftOutReason(t) !== undefined);
    const readerIds = [...new Set(broken.flatMap((t) => [...(readers.get(t.id) ?? [])]))];
    for (const n of await lineageNodes(this.db, projectId, readerIds))
      names.set(n.id, lineageLabel(n));
    return broken.map((t) => {
      const by = [...(readers.get(t.id) ?? [])].map((id) => names.get(id) ?? `#${id}`).sort();
      return `${by.join(", ")} reference${by.length === 1 ? "s" : ""} ${lineageLabel(t)}, which is ${REASON_WORDS[leftOutReason(t) as LeftOutReason]} and not built`;
    });
  }
}
