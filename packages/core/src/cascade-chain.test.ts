import { describe, expect, it } from "vitest";
import { cascadeChain } from "./cascade-chain.ts";
import type { VariableOverride } from "./cascade.ts";

const def = { id: 1, patternId: 7, name: "SCHEMA", defaultValue: "dflt" };
const o = (p: Partial<VariableOverride>): VariableOverride => ({
  variableId: 1,
  projectId: 10,
  instanceFolderId: null,
  instanceId: null,
  value: "x",
  ...p,
});

describe("cascadeChain", () => {
  const overrides = [
    o({ value: "proj" }),
    o({ instanceFolderId: 2, value: "at-a" }),
    o({ instanceFolderId: 3, value: null }),
    o({ instanceId: 99, value: "own" }),
    o({ projectId: 11, value: "other project" }),
  ];

  it("lists the winner first, then what it overrides down to the default", () => {
    // Instance 99 in /a/b (3), whose parent is /a (2), under the root (1).
    const { resolved, chain } = cascadeChain(def, overrides, {
      projectId: 10,
      folderChain: [3, 2, 1],
      instanceId: 99,
    });
    expect(resolved).toMatchObject({ value: "own", level: "instance" });
    expect(chain.map((l) => [l.level, l.value])).toEqual([
      ["instance", "own"],
      ["instance_folder", "at-a"],
      ["project", "proj"],
      ["default", "dflt"],
    ]);
  });

  it("agrees with the cascade for a folder and for the project", () => {
    const folder = cascadeChain(def, overrides, { projectId: 10, folderChain: [3, 2, 1] });
    expect(folder.resolved).toMatchObject({ level: "instance_folder", instanceFolderId: 2 });
    expect(folder.chain[0]).toMatchObject({ level: "instance_folder", instanceFolderId: 2 });
    const project = cascadeChain(def, overrides, { projectId: 10 });
    expect(project.chain.map((l) => l.value)).toEqual(["proj", "dflt"]);
    const none = cascadeChain(def, [], { projectId: 10 });
    expect(none.chain).toEqual([expect.objectContaining({ level: "default", value: "dflt" })]);
  });
});
