import { describe, expect, it } from "vitest";
import {
  exportColumns,
  exportLines,
  metadataRows,
  sheetNamesFor,
  UploadPlanBuilder,
} from "./index.ts";

const header = ["@POS_NO", "COL", "TYPE", "BK"];

describe("export layout", () => {
  it("puts the system columns first, then properties and roles", () => {
    expect(exportColumns(header)).toEqual([
      "INSTANCE",
      "PATTERN",
      "PROJECT",
      "FOLDER",
      "POS_NO",
      "COL",
      "TYPE",
      "BK",
    ]);
  });

  it("writes one line per row, values as text", () => {
    const lines = exportLines(header, {
      name: "A",
      pattern: "HUB",
      project: "DWH",
      folder: "/core",
      rows: [
        { "@POS_NO": 0, COL: "007", TYPE: 12, BK: "X" },
        { "@POS_NO": 1, COL: "b", TYPE: null, BK: null },
      ],
    });
    expect(lines).toEqual([
      ["A", "HUB", "DWH", "/core", 0, "007", "12", "X"],
      ["A", "HUB", "DWH", "/core", 1, "b", null, null],
    ]);
  });

  it("reads back through the upload rules as the same rows, also without rows", () => {
    const columns = exportColumns(header);
    const rows = [
      { "@POS_NO": 0, COL: "a", TYPE: null, BK: "X" },
      { "@POS_NO": 3, COL: null, TYPE: null, BK: null },
    ];
    const b = new UploadPlanBuilder();
    b.beginSheet("HUB", false);
    b.addLine(1, columns);
    const lines = [
      ...exportLines(header, { name: "A", pattern: "HUB", project: "DWH", folder: "/", rows }),
      ...exportLines(header, { name: "E", pattern: "HUB", project: "DWH", folder: "/", rows: [] }),
    ];
    for (const [i, l] of lines.entries())
      b.addLine(
        i + 2,
        l.map((c) => (c === null ? null : String(c))),
      );
    b.endSheet();
    const [a, e] = b.finish().patterns.get("HUB")!;
    expect(metadataRows(a!, ["COL", "TYPE", "BK"])).toEqual(
      rows.map((r) => ({ ...r, "@POS_NO": String(r["@POS_NO"]) })),
    );
    expect(metadataRows(e!, ["COL", "TYPE", "BK"])).toEqual([]);
  });

  it("makes sheet names Excel accepts, unique regardless of case", () => {
    const names = sheetNamesFor(["a/b", "A/B", "x".repeat(40), "[odd]?", "'q'"]);
    expect([...names.values()]).toEqual(["a_b", "A_B (2)", "x".repeat(31), "_odd__", "q"]);
  });
});
