import { describe, expect, it } from "vitest";
import { movedPath, scriptFolderTree } from "./script-tree.ts";

const script = (id: number, folder: string, name: string) => ({
  id,
  project_id: 1,
  folder,
  name,
  vers_no: 1,
  updated_by: null,
  updated_at: "2026-11-26T00:00:00.000Z",
});

describe("scriptFolderTree", () => {
  it("nests folders by path and files scripts in theirs, by name", () => {
    const root = scriptFolderTree({
      folders: [
        { id: 2, path: "/staging/hubs" },
        { id: 1, path: "/staging" },
        { id: 3, path: "/checks" },
      ],
      scripts: [
        script(1, "/staging/hubs", "z"),
        script(2, "/staging/hubs", "a"),
        script(3, "/", "top"),
      ],
    });
    expect(root.scripts.map((s) => s.name)).toEqual(["top"]);
    expect(root.folders.map((f) => f.name)).toEqual(["checks", "staging"]);
    const hubs = root.folders[1]?.folders[0];
    expect(hubs?.path).toBe("/staging/hubs");
    expect(hubs?.scripts.map((s) => s.name)).toEqual(["a", "z"]);
  });

  it("makes a folder a script names even when the list lacks it", () => {
    const root = scriptFolderTree({ folders: [], scripts: [script(1, "/a/b", "s")] });
    expect(root.folders[0]?.folders[0]?.scripts).toHaveLength(1);
  });
});

describe("movedPath", () => {
  it("moves the folder and what is below it, nothing else", () => {
    expect(movedPath("/a", "/a", "/z")).toBe("/z");
    expect(movedPath("/a/b", "/a", "/z")).toBe("/z/b");
    expect(movedPath("/ab", "/a", "/z")).toBe("/ab");
  });
});
