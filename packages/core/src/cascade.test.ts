import { describe, expect, it } from "vitest";
import {
  type VariableDefinition,
  type VariableOverride,
  resolveEach,
  resolveVariables,
} from "./cascade.ts";

// Project 1 has the folder tree / (10) > /a (11) > /a/b (12) > /a/b/c (13); instance 100 is in /a/b/c.
const chainOfC = [13, 12, 11, 10];
const schema: VariableDefinition = { id: 1, patternId: 7, name: "SCHEMA", defaultValue: "dwh" };
const prefix: VariableDefinition = { id: 2, patternId: 7, name: "PREFIX", defaultValue: null };

function override(partial: Partial<VariableOverride> & { value: string | null }): VariableOverride {
  return { variableId: 1, projectId: 1, instanceFolderId: null, instanceId: null, ...partial };
}

describe("resolveVariables", () => {
  it("falls back to the default, with no scope ids", () => {
    const vars = resolveVariables([schema], [], {
      projectId: 1,
      folderChain: chainOfC,
      instanceId: 100,
    });
    expect(vars.get("SCHEMA")).toEqual({
      variableId: 1,
      patternId: 7,
      name: "SCHEMA",
      value: "dwh",
      level: "default",
      projectId: null,
      instanceFolderId: null,
      instanceId: null,
    });
  });

  it("takes the project's value over the default", () => {
    const vars = resolveVariables([schema], [override({ value: "prod" })], { projectId: 1 });
    expect(vars.get("SCHEMA")).toMatchObject({ value: "prod", level: "project", projectId: 1 });
  });

  it("ignores the overrides of another project", () => {
    const vars = resolveVariables([schema], [override({ projectId: 2, value: "other" })], {
      projectId: 1,
    });
    expect(vars.get("SCHEMA")).toMatchObject({ value: "dwh", level: "default" });
  });

  it("takes a folder's value over the project's", () => {
    const vars = resolveVariables(
      [schema],
      [override({ value: "prod" }), override({ instanceFolderId: 13, value: "c" })],
      { projectId: 1, folderChain: chainOfC },
    );
    expect(vars.get("SCHEMA")).toMatchObject({
      value: "c",
      level: "instance_folder",
      projectId: 1,
      instanceFolderId: 13,
      instanceId: null,
    });
  });

  it("finds a folder three deep taking the value from two levels up", () => {
    const vars = resolveVariables(
      [schema],
      [override({ value: "prod" }), override({ instanceFolderId: 11, value: "from-a" })],
      { projectId: 1, folderChain: chainOfC, instanceId: 100 },
    );
    expect(vars.get("SCHEMA")).toMatchObject({
      value: "from-a",
      level: "instance_folder",
      instanceFolderId: 11,
    });
  });

  it("prefers the nearest folder when several up the tree have a value", () => {
    const vars = resolveVariables(
      [schema],
      [
        override({ instanceFolderId: 10, value: "root" }),
        override({ instanceFolderId: 12, value: "b" }),
        override({ instanceFolderId: 11, value: "a" }),
      ],
      { projectId: 1, folderChain: chainOfC },
    );
    expect(vars.get("SCHEMA")).toMatchObject({ value: "b", instanceFolderId: 12 });
  });

  it("ignores folders outside the chain (siblings and subfolders)", () => {
    const vars = resolveVariables(
      [schema],
      [override({ instanceFolderId: 99, value: "sibling" })],
      { projectId: 1, folderChain: [12, 11, 10] },
    );
    expect(vars.get("SCHEMA")).toMatchObject({ value: "dwh", level: "default" });
  });

  it("takes the instance's value over everything else", () => {
    const vars = resolveVariables(
      [schema],
      [
        override({ value: "prod" }),
        override({ instanceFolderId: 13, value: "c" }),
        override({ instanceId: 100, instanceFolderId: 13, value: "mine" }),
        override({ instanceId: 101, value: "someone else" }),
      ],
      { projectId: 1, folderChain: chainOfC, instanceId: 100 },
    );
    expect(vars.get("SCHEMA")).toEqual(
      expect.objectContaining({
        value: "mine",
        level: "instance",
        projectId: 1,
        instanceFolderId: null,
        instanceId: 100,
      }),
    );
  });

  it("ignores instance overrides when the scope is a folder or the project", () => {
    const overrides = [override({ instanceId: 100, value: "mine" })];
    expect(
      resolveVariables([schema], overrides, { projectId: 1, folderChain: chainOfC }).get("SCHEMA"),
    ).toMatchObject({ level: "default" });
    expect(resolveVariables([schema], overrides, { projectId: 1 }).get("SCHEMA")).toMatchObject({
      level: "default",
    });
  });

  it("treats an override without a value as unset", () => {
    const vars = resolveVariables(
      [schema],
      [override({ value: "prod" }), override({ instanceId: 100, value: null })],
      { projectId: 1, instanceId: 100 },
    );
    expect(vars.get("SCHEMA")).toMatchObject({ value: "prod", level: "project" });
  });

  it("resolves each definition on its own", () => {
    const list = resolveEach(
      [schema, prefix],
      [override({ variableId: 2, instanceFolderId: 10, value: "stg_" })],
      { projectId: 1, folderChain: chainOfC },
    );
    expect(list.map((v) => [v.name, v.value, v.level])).toEqual([
      ["SCHEMA", "dwh", "default"],
      ["PREFIX", "stg_", "instance_folder"],
    ]);
  });
});
