import { describe, expect, it } from "vitest";
import { childPath, parentPath } from "./folder-paths.ts";

describe("folder paths of the folder dialogs", () => {
  it("finds the parent of a folder", () => {
    expect(parentPath("/a/b")).toBe("/a");
    expect(parentPath("/a")).toBe("/");
  });

  it("puts a typed name inside a parent, nested names included", () => {
    expect(childPath("/", "new")).toBe("/new");
    expect(childPath("/a", " b/c/ ")).toBe("/a/b/c");
    expect(childPath("/a", "/b")).toBe("/a/b");
  });
});
