import { describe, expect, it } from "vitest";
import { buildFileTree, visibleRows } from "./file-tree.ts";

const files = [
  { pattern: "HUB", path: "load/customer.sql" },
  { pattern: "HUB", path: "load/order.sql" },
  { pattern: "HUB", path: "README.md" },
  { pattern: "SAT", path: "sat/SAT_CUSTOMER.txt" },
];
const names = (rows: { name: string; level: number }[]) =>
  rows.map((r) => `${"  ".repeat(r.level - 1)}${r.name}`);

describe("build file tree", () => {
  it("shows the patterns closed, and a folder's children once it is expanded", () => {
    const tree = buildFileTree(files);
    expect(names(visibleRows(tree, new Set()))).toEqual(["HUB", "SAT"]);
    const hub = visibleRows(tree, new Set())[0];
    expect(hub).toMatchObject({ dir: true, expanded: false, files: 3 });
    const open = visibleRows(tree, new Set([hub.key]));
    // Folders before files.
    expect(names(open)).toEqual(["HUB", "  load", "  README.md", "SAT"]);
  });

  it("filters on part of the pattern/path, opening the folders that lead to matches", () => {
    const rows = visibleRows(buildFileTree(files), new Set(), "customer");
    expect(names(rows)).toEqual([
      "HUB",
      "  load",
      "    customer.sql",
      "SAT",
      "  sat",
      "    SAT_CUSTOMER.txt",
    ]);
    expect(rows[0].files).toBe(1);
    expect(rows[2].file).toEqual({ pattern: "HUB", path: "load/customer.sql" });
    expect(visibleRows(buildFileTree(files), new Set(), "nothing")).toEqual([]);
  });

  it("keeps ten thousand files cheap to flatten", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      pattern: `P${i % 4}`,
      path: `f${i % 50}/file_${i}.sql`,
    }));
    const tree = buildFileTree(many);
    const all = new Set(visibleRows(tree, new Set()).map((r) => r.key));
    const level2 = visibleRows(tree, all)
      .filter((r) => r.dir)
      .map((r) => r.key);
    const rows = visibleRows(tree, new Set([...all, ...level2]));
    expect(rows.filter((r) => !r.dir)).toHaveLength(10_000);
  });
});
