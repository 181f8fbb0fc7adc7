import { type GraphEdge, topologicalOrder } from "./graph.ts";

/** An instance a build built, with its pattern. */
export interface BuiltInstance {
  id: number;
  pattern: string;
}

export type PatternOrder =
  | { patterns: string[] }
  /** Instances referencing each other in a circle: no order exists. */
  | { instanceCycle: number[] }
  /** Patterns whose instances reference each other both ways (HUB → LNK → HUB). */
  | { patternCycle: string[] };

/**
 * The order a graph-ordered deployment plan runs its patterns in
 * (docs/lineage.md "Deployment plans"): a pattern after every pattern whose
 * instances its instances reference, ties in the order of `patterns`. The
 * instances must be free of cycles first; references between instances of
 * one pattern do not order patterns (that pattern's archive deploys them
 * together).
 */
export function patternOrder(
  patterns: readonly string[],
  built: readonly BuiltInstance[],
  edges: readonly GraphEdge[],
): PatternOrder {
  const patternOf = new Map(built.map((b) => [b.id, b.pattern]));
  const inBuild = edges.filter((e) => patternOf.has(e.from) && patternOf.has(e.to));
  const instances = topologicalOrder(
    built.map((b) => b.id),
    inBuild,
  );
  if ("cycle" in instances) return { instanceCycle: instances.cycle };
  const index = new Map(patterns.map((p, i) => [p, i]));
  const patternEdges: GraphEdge[] = [];
  for (const e of inBuild) {
    const from = index.get(patternOf.get(e.from) as string);
    const to = index.get(patternOf.get(e.to) as string);
    if (from !== undefined && to !== undefined && from !== to) patternEdges.push({ from, to });
  }
  const order = topologicalOrder(
    patterns.map((_, i) => i),
    patternEdges,
  );
  if ("cycle" in order) return { patternCycle: order.cycle.map((i) => patterns[i] as string) };
  return { patterns: order.order.map((i) => patterns[i] as string) };
}
