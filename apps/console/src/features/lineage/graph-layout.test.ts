import { describe, expect, it } from "vitest";
import { NODE_HEIGHT, layoutBlocks, layoutGraph } from "./graph-layout.ts";

const node = (id: number, pattern: string, name: string) => ({
  id,
  pattern,
  folder: "/dv",
  name,
  valid: true,
  deleted: false,
  build_disabled: false,
});
const edge = (from: number, to: number) => ({
  from,
  to,
  property: "SOURCE",
  to_pos_no: 1,
  from_row: null,
});

describe("the lineage graph's layout", () => {
  it("puts what is read left of what reads it, one column per rank", () => {
    const layout = layoutGraph({
      nodes: [node(4, "LNK", "L"), node(2, "HUB", "H"), node(1, "STG", "S"), node(3, "HUB", "G")],
      edges: [edge(1, 2), edge(2, 4), edge(3, 4)],
    });
    const x = (id: number) => layout.positions.get(id)?.x;
    expect([x(1), x(3)]).toEqual([0, 0]);
    expect(x(2)).toBeGreaterThan(0);
    expect(x(4)).toBeGreaterThan(x(2) as number);
  });

  it("places nodes on a cycle after the rest instead of losing them", () => {
    const layout = layoutGraph({
      nodes: [node(1, "STG", "S"), node(2, "HUB", "A"), node(3, "LNK", "B")],
      edges: [edge(1, 2), edge(2, 3), edge(3, 2)],
    });
    expect(layout.positions.size).toBe(3);
    expect(layout.positions.get(3)?.x).toBeGreaterThan(0);
  });

  it("lays out 5,000 nodes", () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => node(i + 1, "HUB", `N${i}`));
    const edges = Array.from({ length: 4999 }, (_, i) => edge(Math.floor(i / 3) + 1, i + 2));
    expect(layoutGraph({ nodes, edges }).positions.size).toBe(5000);
  });

  it("draws 5,000 nodes in blocks of one column's neighbouring rows, each node once", () => {
    const nodes = Array.from({ length: 5000 }, (_, i) =>
      node(i + 1, i < 2000 ? "STG" : "HUB", `N${i}`),
    );
    const edges = Array.from({ length: 3000 }, (_, i) => edge((i % 2000) + 1, i + 2001));
    const layout = layoutGraph({ nodes, edges });
    const blocks = layoutBlocks({ nodes, edges }, layout);
    // The browser skips a block out of view as a whole (content-visibility):
    // few blocks to track, none taller than what it holds.
    expect(blocks.length).toBeLessThanOrEqual(100);
    const placed = blocks.flatMap((b) =>
      b.nodes.map(({ node: n, y }) => {
        expect(y + NODE_HEIGHT).toBeLessThanOrEqual(b.height);
        return { id: n.id, x: b.x, y: b.y + y };
      }),
    );
    expect(placed.map((p) => p.id).sort((a, b) => a - b)).toEqual(nodes.map((n) => n.id));
    for (const p of placed) expect(layout.positions.get(p.id)).toEqual({ x: p.x, y: p.y });
  });
});
