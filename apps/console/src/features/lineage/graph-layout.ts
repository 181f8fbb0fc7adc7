import type { LineageGraph, LineageNode } from "@metabuild/contract";

/** Where the drawing puts each node (docs/lineage.md "The console"). */
export interface GraphLayout {
  positions: Map<number, { x: number; y: number }>;
  width: number;
  height: number;
}

export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 28;
const COLUMN_GAP = 80;
// One collator for every comparison: String#localeCompare builds one per call.
const byText = new Intl.Collator().compare;
const ROW_GAP = 10;
/** From one node's top to the next one's in a column. */
export const ROW_HEIGHT = NODE_HEIGHT + ROW_GAP;

/**
 * Layers by topological rank: sources (what others read) left, readers
 * right, each node one column after the furthest node it references. Nodes
 * on a cycle, which have no rank, go one column after the rest. Linear in
 * nodes and edges, so 5,000 nodes lay out in milliseconds; within a column
 * nodes sort by pattern, folder and name.
 */
export function layoutGraph(graph: LineageGraph): GraphLayout {
  const inDegree = new Map<number, number>();
  const readers = new Map<number, number[]>();
  for (const n of graph.nodes) inDegree.set(n.id, 0);
  for (const e of graph.edges) {
    if (!inDegree.has(e.from) || !inDegree.has(e.to) || e.from === e.to) continue;
    inDegree.set(e.to, (inDegree.get(e.to) ?? 0) + 1);
    const list = readers.get(e.from);
    if (list) list.push(e.to);
    else readers.set(e.from, [e.to]);
  }
  const rank = new Map<number, number>();
  const queue = graph.nodes.filter((n) => inDegree.get(n.id) === 0).map((n) => n.id);
  for (const id of queue) rank.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as number;
    for (const next of readers.get(id) ?? []) {
      rank.set(next, Math.max(rank.get(next) ?? 0, (rank.get(id) ?? 0) + 1));
      const left = (inDegree.get(next) ?? 0) - 1;
      inDegree.set(next, left);
      if (left === 0) queue.push(next);
    }
  }
  // Nodes never taken from the queue lie on (or behind) a cycle.
  const ranked = new Set(queue);
  let deepest = 0;
  for (const id of ranked) deepest = Math.max(deepest, rank.get(id) ?? 0);
  const columns: LineageNode[][] = [];
  for (const n of graph.nodes) {
    const r = ranked.has(n.id) ? (rank.get(n.id) ?? 0) : deepest + 1;
    const column = columns[r];
    if (column) column.push(n);
    else columns[r] = [n];
  }
  const positions = new Map<number, { x: number; y: number }>();
  let height = 0;
  columns.forEach((column, c) => {
    column.sort(
      (a, b) =>
        byText(a.pattern, b.pattern) || byText(a.folder, b.folder) || byText(a.name, b.name),
    );
    column.forEach((n, r) => {
      positions.set(n.id, { x: c * (NODE_WIDTH + COLUMN_GAP), y: r * ROW_HEIGHT });
    });
    height = Math.max(height, column.length * ROW_HEIGHT);
  });
  return { positions, width: columns.length * (NODE_WIDTH + COLUMN_GAP), height };
}

/** Nodes per block: the browser skips laying out and painting a block out of view. */
const BLOCK_NODES = 50;
const BLOCK_HEIGHT = BLOCK_NODES * ROW_HEIGHT;

export interface NodeBlock {
  key: string;
  x: number;
  y: number;
  height: number;
  nodes: { node: LineageNode; y: number }[];
}

/**
 * The nodes in blocks of a column's consecutive rows, each block one box
 * with `content-visibility: auto` (the console's styles.css): out of view, its nodes cost
 * no layout and no paint, and the browser tracks 100 blocks, not 5,000 nodes.
 */
export function layoutBlocks(graph: LineageGraph, layout: GraphLayout): NodeBlock[] {
  const blocks = new Map<string, NodeBlock>();
  for (const node of graph.nodes) {
    const at = layout.positions.get(node.id);
    if (!at) continue;
    const y = Math.floor(at.y / BLOCK_HEIGHT) * BLOCK_HEIGHT;
    const key = `${at.x}:${y}`;
    let block = blocks.get(key);
    if (!block) {
      block = { key, x: at.x, y, height: 0, nodes: [] };
      blocks.set(key, block);
    }
    block.nodes.push({ node, y: at.y - y });
    block.height = Math.max(block.height, at.y - y + NODE_HEIGHT);
  }
  return [...blocks.values()];
}
