import type { GraphEdge, LineageDirection } from "./graph.ts";

/** Reads the edges at a frontier, one side at a time (a store query, in the server). */
export type EdgesAt<E extends GraphEdge> = (
  ids: readonly number[],
  side: "upstream" | "downstream",
) => Promise<E[]>;

/**
 * The part of a graph reached from `start` (one instance or several) going `direction`, at most `depth`
 * edges away (undefined: no bound), read level by level through `edgesAt`
 * so that a walk costs what it reaches, not the whole project's edges.
 * The edges answered are every edge read whose both ends were reached.
 */
export async function walkLineage<E extends GraphEdge>(
  start: number | readonly number[],
  direction: LineageDirection,
  depth: number | undefined,
  edgesAt: EdgesAt<E>,
): Promise<{ nodes: Set<number>; edges: E[] }> {
  const starts = typeof start === "number" ? [start] : [...start];
  const nodes = new Set<number>(starts);
  const edges = new Map<E, true>();
  const sides: ("upstream" | "downstream")[] =
    direction === "both" ? ["upstream", "downstream"] : [direction];
  for (const side of sides) {
    const seen = new Set<number>(starts);
    let frontier = starts;
    for (let level = 0; frontier.length > 0 && (depth === undefined || level < depth); level++) {
      const next: number[] = [];
      for (const edge of await edgesAt(frontier, side)) {
        const other = side === "upstream" ? edge.from : edge.to;
        edges.set(edge, true);
        if (seen.has(other)) continue;
        seen.add(other);
        next.push(other);
      }
      frontier = next;
    }
    for (const node of seen) nodes.add(node);
  }
  const within = [...edges.keys()].filter((e) => nodes.has(e.from) && nodes.has(e.to));
  return { nodes, edges: dedupe(within) };
}

/** An edge read from both sides of a walk comes once. */
function dedupe<E extends GraphEdge>(edges: E[]): E[] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
