/**
 * The lineage graph's rules (docs/lineage.md "The graph"): an edge points from
 * the referenced instance (upstream) to the instance whose row references it
 * (downstream). Plain functions over ids, no store and no framework.
 */

/** One edge: `from` is referenced by `to`. */
export interface GraphEdge {
  from: number;
  to: number;
}

export type LineageDirection = "upstream" | "downstream" | "both";

/** Adjacency lists in both directions, built once per graph. */
export interface Adjacency {
  /** node → the nodes it references (its upstream neighbours). */
  up: Map<number, number[]>;
  /** node → the nodes referencing it (its downstream neighbours). */
  down: Map<number, number[]>;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function adjacencyOf(edges: readonly GraphEdge[]): Adjacency {
  const up = new Map<number, number[]>();
  const down = new Map<number, number[]>();
  for (const e of edges) {
    push(down, e.from, e.to);
    push(up, e.to, e.from);
  }
  return { up, down };
}

function walk(
  neighbours: Map<number, number[]>,
  start: number,
  depth: number | undefined,
  into: Set<number>,
): void {
  let frontier = [start];
  into.add(start);
  for (let level = 0; frontier.length > 0 && (depth === undefined || level < depth); level++) {
    const next: number[] = [];
    for (const node of frontier)
      for (const other of neighbours.get(node) ?? [])
        if (!into.has(other)) {
          into.add(other);
          next.push(other);
        }
    frontier = next;
  }
}

/**
 * The nodes reached from `start` going `direction`, at most `depth` edges away
 * (undefined: no bound); `start` included. "both" is the union of the two walks,
 * not every node connected to `start` (a sibling upstream of a downstream node
 * is not part of the answer, as with dbt's `+name+`).
 */
export function reachable(
  adjacency: Adjacency,
  start: number,
  direction: LineageDirection,
  depth?: number,
): Set<number> {
  const seen = new Set<number>();
  if (direction !== "downstream") walk(adjacency.up, start, depth, seen);
  if (direction === "upstream") return seen;
  const down = new Set<number>();
  walk(adjacency.down, start, depth, down);
  for (const node of down) seen.add(node);
  return seen;
}

/** The edges whose both ends lie in `nodes`. */
export function edgesWithin<E extends GraphEdge>(edges: readonly E[], nodes: Set<number>): E[] {
  return edges.filter((e) => nodes.has(e.from) && nodes.has(e.to));
}

/**
 * The nodes in dependency order (every node after the nodes it references),
 * ties broken by the order of `nodes`; or the first cycle found, as a closed
 * path `[a, b, …, a]` in the direction of the references' flow.
 */
export function topologicalOrder(
  nodes: readonly number[],
  edges: readonly GraphEdge[],
): { order: number[] } | { cycle: number[] } {
  const inGraph = new Set(nodes);
  const inDegree = new Map<number, number>(nodes.map((n) => [n, 0]));
  const down = new Map<number, number[]>();
  for (const e of edges) {
    if (!inGraph.has(e.from) || !inGraph.has(e.to) || e.from === e.to) {
      if (e.from === e.to && inGraph.has(e.from)) return { cycle: [e.from, e.from] };
      continue;
    }
    push(down, e.from, e.to);
    inDegree.set(e.to, (inDegree.get(e.to) ?? 0) + 1);
  }
  // Among the nodes ready at each step the one first in `nodes`: the order
  // keeps the caller's wherever the graph leaves it open.
  const place = new Map(nodes.map((n, i) => [n, i]));
  const ready = new MinHeap();
  for (const n of nodes) if (inDegree.get(n) === 0) ready.push(place.get(n) as number);
  const order: number[] = [];
  while (ready.size > 0) {
    const node = nodes[ready.pop()] as number;
    order.push(node);
    for (const next of down.get(node) ?? []) {
      const left = (inDegree.get(next) ?? 0) - 1;
      inDegree.set(next, left);
      if (left === 0) ready.push(place.get(next) as number);
    }
  }
  if (order.length === nodes.length) return { order };
  const left = nodes.filter((n) => (inDegree.get(n) ?? 0) > 0);
  return { cycle: cycleAmong(left, down) };
}

/** A binary heap of small integers (places in a list). */
class MinHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const a = this.items;
    a.push(value);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as number) <= value) break;
      a[i] = a[parent] as number;
      i = parent;
    }
    a[i] = value;
  }

  pop(): number {
    const a = this.items;
    const top = a[0] as number;
    const last = a.pop() as number;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const child = r < a.length && (a[r] as number) < (a[l] as number) ? r : l;
        if ((a[child] as number) >= last) break;
        a[i] = a[child] as number;
        i = child;
      }
      a[i] = last;
    }
    return top;
  }
}

/** A closed path through nodes that all lie on or behind a cycle. */
function cycleAmong(left: readonly number[], down: Map<number, number[]>): number[] {
  const remaining = new Set(left);
  // Every remaining node has a remaining predecessor; walking predecessors
  // therefore must revisit a node, and the stretch between the visits is a cycle.
  const up = new Map<number, number>();
  for (const [from, tos] of down)
    if (remaining.has(from)) for (const to of tos) if (remaining.has(to)) up.set(to, from);
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let node = left[0] as number;
  while (!seenAt.has(node)) {
    seenAt.set(node, path.length);
    path.push(node);
    node = up.get(node) as number;
  }
  const cycle = path.slice(seenAt.get(node)).reverse();
  // Start at the node that comes first in the caller's list: the same graph names the same cycle.
  const place = new Map(left.map((n, i) => [n, i]));
  let start = 0;
  for (let i = 1; i < cycle.length; i++)
    if ((place.get(cycle[i] as number) ?? 0) < (place.get(cycle[start] as number) ?? 0)) start = i;
  const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
  return [...rotated, rotated[0] as number];
}

/** A cycle for a message: `HUB:/a/X → LNK:/a/Y → HUB:/a/X`. */
export function describeCycle(cycle: readonly number[], label: (id: number) => string): string {
  return cycle.map(label).join(" → ");
}

/** `PATTERN:/folder/NAME`, the way a reference names an instance (docs/lineage.md). */
export function lineageLabel(node: { pattern: string; folder: string; name: string }): string {
  const folder = node.folder.endsWith("/") ? node.folder : `${node.folder}/`;
  return `${node.pattern}:${folder}${node.name}`;
}
