import { describe, expect, it } from "vitest";
import {
  adjacencyOf,
  describeCycle,
  edgesWithin,
  lineageLabel,
  reachable,
  topologicalOrder,
} from "./graph.ts";

// STG 1 → HUB 2 → LNK 4 ← HUB 3 ← STG 5; SAT 6 references HUB 2.
const edges = [
  { from: 1, to: 2 },
  { from: 2, to: 4 },
  { from: 3, to: 4 },
  { from: 5, to: 3 },
  { from: 2, to: 6 },
];
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe("lineage graph traversal", () => {
  const adjacency = adjacencyOf(edges);

  it("walks upstream to what an instance reads, transitively", () => {
    expect(sorted(reachable(adjacency, 4, "upstream"))).toEqual([1, 2, 3, 4, 5]);
  });

  it("walks downstream to what reads an instance", () => {
    expect(sorted(reachable(adjacency, 1, "downstream"))).toEqual([1, 2, 4, 6]);
  });

  it("stops at the depth asked", () => {
    expect(sorted(reachable(adjacency, 4, "upstream", 1))).toEqual([2, 3, 4]);
    expect(sorted(reachable(adjacency, 2, "both", 1))).toEqual([1, 2, 4, 6]);
  });

  it("both directions do not take a downstream node's other parents", () => {
    expect(sorted(reachable(adjacency, 2, "both"))).toEqual([1, 2, 4, 6]);
  });

  it("keeps only the edges inside the answer", () => {
    expect(edgesWithin(edges, new Set([2, 3, 4]))).toEqual([
      { from: 2, to: 4 },
      { from: 3, to: 4 },
    ]);
  });

  it("ends on a cycle", () => {
    const cyclic = adjacencyOf([
      { from: 1, to: 2 },
      { from: 2, to: 1 },
    ]);
    expect(sorted(reachable(cyclic, 1, "downstream"))).toEqual([1, 2]);
  });
});

describe("lineage graph order", () => {
  it("puts every instance after what it references", () => {
    const result = topologicalOrder([6, 4, 3, 2, 1, 5], edges);
    expect(result).toEqual({ order: [1, 2, 6, 5, 3, 4] });
  });

  it("names a cycle along the references' flow", () => {
    const result = topologicalOrder(
      [1, 2, 3],
      [
        { from: 3, to: 1 },
        { from: 1, to: 2 },
        { from: 2, to: 1 },
      ],
    );
    expect(result).toEqual({ cycle: [1, 2, 1] });
    const names = new Map([
      [1, lineageLabel({ pattern: "HUB", folder: "/a", name: "X" })],
      [2, lineageLabel({ pattern: "LNK", folder: "/a/", name: "Y" })],
    ]);
    if (!("cycle" in result)) throw new Error("expected a cycle");
    expect(describeCycle(result.cycle, (id) => names.get(id) ?? "?")).toBe(
      "HUB:/a/X → LNK:/a/Y → HUB:/a/X",
    );
  });

  it("names a reference of an instance to itself as a cycle", () => {
    expect(topologicalOrder([1], [{ from: 1, to: 1 }])).toEqual({ cycle: [1, 1] });
  });

  it("orders 20,000 instances in a chain without recursion (no stack depth)", () => {
    const n = 20_000;
    const chain = Array.from({ length: n - 1 }, (_, i) => ({ from: i + 1, to: i + 2 }));
    const nodes = Array.from({ length: n }, (_, i) => n - i);
    const result = topologicalOrder(nodes, chain);
    expect("order" in result && result.order[0]).toBe(1);
  });
});
