import { describe, expect, it } from "vitest";
import { walkLineage } from "./walk.ts";

const edges = [
  { from: 1, to: 2 },
  { from: 2, to: 4 },
  { from: 3, to: 4 },
  { from: 5, to: 3 },
  { from: 2, to: 6 },
];

function store() {
  const reads: number[][] = [];
  const edgesAt = async (ids: readonly number[], side: "upstream" | "downstream") => {
    reads.push([...ids]);
    return edges.filter((e) => ids.includes(side === "upstream" ? e.to : e.from));
  };
  return { reads, edgesAt };
}

describe("walking the lineage through the store", () => {
  it("reads one frontier per level and answers the edges inside", async () => {
    const s = store();
    const { nodes, edges: found } = await walkLineage(4, "upstream", undefined, s.edgesAt);
    expect([...nodes].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(found).toHaveLength(4);
    expect(s.reads[0]).toEqual([4]);
  });

  it("stops at the depth and drops edges leading out of the answer", async () => {
    const s = store();
    const { nodes, edges: found } = await walkLineage(2, "both", 1, s.edgesAt);
    expect([...nodes].sort()).toEqual([1, 2, 4, 6]);
    expect(found).toEqual([
      { from: 1, to: 2 },
      { from: 2, to: 4 },
      { from: 2, to: 6 },
    ]);
  });

  it("ends on a cycle", async () => {
    const cyclic = [
      { from: 1, to: 2 },
      { from: 2, to: 1 },
    ];
    const { nodes } = await walkLineage(1, "downstream", undefined, async (ids) =>
      cyclic.filter((e) => ids.includes(e.from)),
    );
    expect([...nodes].sort()).toEqual([1, 2]);
  });
});
