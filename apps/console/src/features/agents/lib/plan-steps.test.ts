import { describe, expect, it } from "vitest";
import { commonDeploymentNames, defaultPlanSteps, moveStep } from "./plan-steps.ts";

const both = [
  { name: "to-folder", kind: "directory" },
  { name: "to-sqlite", kind: "sql" },
];

describe("defaultPlanSteps", () => {
  it("orders the build's patterns as created, with the database deployment they all have", () => {
    const patterns = [
      { id: 4, name: "SAT", deployments: both },
      { id: 1, name: "STG", deployments: both },
      { id: 3, name: "LNK", deployments: [...both].reverse() },
      { id: 2, name: "HUB", deployments: both },
    ];
    expect(defaultPlanSteps(patterns)).toEqual([
      { pattern: "STG", deployment: "to-sqlite" },
      { pattern: "HUB", deployment: "to-sqlite" },
      { pattern: "LNK", deployment: "to-sqlite" },
      { pattern: "SAT", deployment: "to-sqlite" },
    ]);
    expect(commonDeploymentNames(patterns)).toEqual(["to-sqlite", "to-folder"]);
  });

  it("falls back to a shared name of another kind, and to no steps without one", () => {
    const folderOnly = [
      { id: 1, name: "A", deployments: both },
      { id: 2, name: "B", deployments: [{ name: "to-folder", kind: "directory" }] },
    ];
    expect(defaultPlanSteps(folderOnly).map((s) => s.deployment)).toEqual([
      "to-folder",
      "to-folder",
    ]);
    const none = [
      { id: 1, name: "A", deployments: [{ name: "x" }] },
      { id: 2, name: "B", deployments: [{ name: "y" }] },
    ];
    expect(defaultPlanSteps(none)).toEqual([]);
  });
});

describe("moveStep", () => {
  it("moves a step up or down and ignores moves past either end", () => {
    expect(moveStep(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveStep(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveStep(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });
});
