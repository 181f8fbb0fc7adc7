import { describe, expect, it } from "vitest";
import { patternOrder } from "./plan-order.ts";

// STG 1 → HUB 2 → LNK 4, HUB 3 → LNK 4, HUB 2 → SAT 5.
const built = [
  { id: 1, pattern: "STG" },
  { id: 2, pattern: "HUB" },
  { id: 3, pattern: "HUB" },
  { id: 4, pattern: "LNK" },
  { id: 5, pattern: "SAT" },
];
const edges = [
  { from: 1, to: 2 },
  { from: 2, to: 4 },
  { from: 3, to: 4 },
  { from: 2, to: 5 },
];

describe("deployment plan order by the graph", () => {
  it("puts each pattern after the patterns it reads", () => {
    expect(patternOrder(["SAT", "LNK", "HUB", "STG"], built, edges)).toEqual({
      patterns: ["STG", "HUB", "SAT", "LNK"],
    });
  });

  it("keeps the given order where the graph leaves it open", () => {
    expect(patternOrder(["LNK", "STG", "HUB", "OTHER"], built, edges)).toEqual({
      patterns: ["STG", "HUB", "LNK", "OTHER"],
    });
  });

  it("ignores references between instances of one pattern and to instances not built", () => {
    expect(
      patternOrder(["HUB", "STG"], built, [
        { from: 2, to: 3 },
        { from: 99, to: 1 },
        { from: 1, to: 2 },
      ]),
    ).toEqual({ patterns: ["STG", "HUB"] });
  });

  it("refuses instances referencing each other in a circle", () => {
    expect(patternOrder(["HUB", "LNK"], built, [...edges, { from: 4, to: 2 }])).toEqual({
      instanceCycle: [2, 4, 2],
    });
  });

  it("refuses patterns whose instances reference each other both ways", () => {
    expect(patternOrder(["HUB", "LNK"], built, [...edges, { from: 4, to: 3 }])).toEqual({
      instanceCycle: [3, 4, 3],
    });
    expect(
      patternOrder(["HUB", "LNK"], built, [
        { from: 2, to: 4 },
        { from: 4, to: 3 },
      ]),
    ).toEqual({
      patternCycle: ["HUB", "LNK", "HUB"],
    });
  });
});
