import { describe, expect, it } from "vitest";
import { checkFolderMove, folderPathSegments, normalizeFolderPath } from "./folder-path.ts";

describe("folder paths", () => {
  it("normalises loosely typed paths", () => {
    expect(normalizeFolderPath("/")).toBe("/");
    expect(normalizeFolderPath("")).toBe("/");
    expect(normalizeFolderPath("raw/crm/")).toBe("/raw/crm");
    expect(normalizeFolderPath("//raw//crm")).toBe("/raw/crm");
  });

  it("splits a path into its segments", () => {
    expect(folderPathSegments("/raw/crm")).toEqual(["raw", "crm"]);
    expect(folderPathSegments("/")).toEqual([]);
  });
});

describe("moving a folder (instance and script folders alike)", () => {
  const at = (path: string) => ({ path, segments: folderPathSegments(path) });

  it("lets a folder move beside itself or under another one", () => {
    expect(() => checkFolderMove(at("/crm/core"), at("/crm/main"))).not.toThrow();
    expect(() => checkFolderMove(at("/crm"), at("/archive/crm"))).not.toThrow();
    expect(() => checkFolderMove(at("/crm"), at("/crm-old"))).not.toThrow();
  });

  it("refuses the root, becoming the root, the same place and its own subtree, naming the field", () => {
    expect(() => checkFolderMove(at("/"), at("/x"))).toThrow(
      "Invalid value for 'path': the root folder cannot be moved",
    );
    expect(() => checkFolderMove(at("/x"), at("/"))).toThrow(
      "Invalid value for 'new_path': a folder cannot become the root",
    );
    expect(() => checkFolderMove(at("/x"), at("/x"))).toThrow(
      "Invalid value for 'new_path': the folder is at '/x' already",
    );
    expect(() => checkFolderMove(at("/x"), at("/x/y"))).toThrow(
      "Invalid value for 'new_path': '/x/y' lies inside the folder being moved ('/x')",
    );
  });
});
