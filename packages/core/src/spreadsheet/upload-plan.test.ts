import { describe, expect, it } from "vitest";
import { BadRequest } from "../errors.ts";
import { matchDataColumns, parsePosNo, readHeader, systemColumnOf } from "./columns.ts";
import { type CellText, UploadPlanBuilder, metadataRows } from "./index.ts";

/** Builds a plan from sheets given as arrays of lines (first line = header). */
function plan(
  sheets: Record<string, CellText[][]>,
  defaults: { pattern?: string; folder?: string } = {},
  explicit = false,
) {
  const b = new UploadPlanBuilder(defaults);
  for (const [name, lines] of Object.entries(sheets)) {
    b.beginSheet(name, explicit);
    for (const [i, cells] of lines.entries()) b.addLine(i + 1, cells);
    b.endSheet();
  }
  return b.finish();
}

const HEAD = ["INSTANCE", "PATTERN", "PROJECT", "FOLDER", "POS_NO", "COL", "BK"];

describe("column rules", () => {
  it("recognises system columns in any case and with the @ of the SQL views", () => {
    expect(systemColumnOf(" instance ")).toBe("INSTANCE");
    expect(systemColumnOf("@POS_NO")).toBe("POS_NO");
    expect(systemColumnOf("COLUMN_NAME")).toBeUndefined();
  });

  it("reads a header and refuses a column named twice", () => {
    const h = readHeader(["INSTANCE", null, "Col", "PATTERN"], "S");
    expect(h.system).toEqual({ INSTANCE: 0, PATTERN: 3 });
    expect(h.data).toEqual([{ index: 2, name: "Col" }]);
    expect(() => readHeader(["A", "a"], "S")).toThrow(
      "Sheet 'S' has the column 'a' more than once",
    );
    expect(() => readHeader(["INSTANCE", "@instance"], "S")).toThrow(/'INSTANCE' more than once/);
  });

  it("takes POS_NO as an integer, 0 when non-numeric, null when missing", () => {
    expect(parsePosNo("7")).toBe(7);
    expect(parsePosNo(" 3 ")).toBe(3);
    expect(parsePosNo("abc")).toBe(0);
    expect(parsePosNo("1.5")).toBe(0);
    expect(parsePosNo(null)).toBeNull();
    expect(parsePosNo(" ")).toBeNull();
  });

  it("matches property and role columns exactly first, else ignoring case", () => {
    const m = matchDataColumns(["col", "BK", "NOTE"], ["COL", "BK"]);
    expect([...m]).toEqual([
      ["col", "COL"],
      ["BK", "BK"],
    ]);
  });
});

describe("upload plan", () => {
  it("groups lines by pattern, then by folder and instance name", () => {
    const p = plan({
      S1: [
        HEAD,
        ["A", "HUB", "DWH", "/core", "1", "a1", "X"],
        ["A", "HUB", "DWH", "/core", "0", "a0", null],
        ["B", "SAT", "DWH", "/core", "0", "b0", null],
      ],
      S2: [HEAD, ["A", "HUB", "DWH", "core/", "2", "a2", null]],
    });
    expect([...p.patterns.keys()]).toEqual(["HUB", "SAT"]);
    const hub = p.patterns.get("HUB")!;
    expect(hub).toHaveLength(1);
    expect(hub[0]).toMatchObject({ pattern: "HUB", folder: "/core", name: "A" });
    expect(metadataRows(hub[0]!, ["COL", "BK"])).toEqual([
      { "@POS_NO": "0", COL: "a0", BK: null },
      { "@POS_NO": "1", COL: "a1", BK: "X" },
      { "@POS_NO": "2", COL: "a2", BK: null },
    ]);
    expect(p.lines).toBe(4);
  });

  it("skips lines without an INSTANCE value and keeps the sheet order for equal POS_NO", () => {
    const p = plan({
      S: [
        ["INSTANCE", "PATTERN", "COL"],
        ["A", "HUB", "first"],
        [null, "HUB", "lost"],
        ["  ", "HUB", "lost too"],
        ["A", "HUB", "second"],
      ],
    });
    const a = p.patterns.get("HUB")![0]!;
    expect(metadataRows(a, ["COL"])).toEqual([
      { "@POS_NO": "0", COL: "first" },
      { "@POS_NO": "0", COL: "second" },
    ]);
    expect(a.folder).toBe("/");
  });

  it("lets the pattern and folder fields override the columns", () => {
    const p = plan(
      { S: [HEAD, ["A", "OTHER", "X", "/elsewhere", "0", "v", null]] },
      { pattern: "HUB", folder: "sales/" },
    );
    expect([...p.patterns.keys()]).toEqual(["HUB"]);
    expect(p.patterns.get("HUB")![0]).toMatchObject({ folder: "/sales", name: "A" });
  });

  it("needs no PATTERN column when the pattern field is given", () => {
    const p = plan(
      {
        S: [
          ["INSTANCE", "COL"],
          ["A", "v"],
        ],
      },
      { pattern: "HUB" },
    );
    expect(p.patterns.get("HUB")).toHaveLength(1);
  });

  it("ignores the PROJECT column and columns that are no property or role", () => {
    const p = plan({ S: [HEAD.concat("NOTE"), ["A", "HUB", "LAKE", "/", "0", "v", "X", "n"]] });
    expect(metadataRows(p.patterns.get("HUB")![0]!, ["COL", "BK"])).toEqual([
      { "@POS_NO": "0", COL: "v", BK: "X" },
    ]);
  });

  it("reads a line without POS_NO and without values as an instance without rows", () => {
    const p = plan({
      S: [
        HEAD,
        ["EMPTY", "HUB", "DWH", "/", null, null, null],
        ["ZERO", "HUB", "DWH", "/", "0", null, null],
      ],
    });
    const [empty, zero] = p.patterns.get("HUB")!;
    expect(metadataRows(empty!, ["COL", "BK"])).toEqual([]);
    expect(metadataRows(zero!, ["COL", "BK"])).toEqual([{ "@POS_NO": "0", COL: null, BK: null }]);
  });

  it("takes the first non-empty line as the header and skips sheets without INSTANCE", () => {
    const p = plan({
      Notes: [["just", "some", "notes"], ["more"]],
      Data: [
        [null, null],
        ["INSTANCE", "PATTERN"],
        ["A", "HUB"],
      ],
    });
    expect(p.patterns.get("HUB")).toHaveLength(1);
  });
});

describe("upload plan: input errors are 400s", () => {
  const fails = (fn: () => unknown, message: string | RegExp) => {
    expect(fn).toThrow(BadRequest);
    expect(fn).toThrow(message);
  };

  it("needs a PATTERN per line unless the pattern field is set", () => {
    fails(
      () =>
        plan({
          S: [
            ["INSTANCE", "COL"],
            ["A", "v"],
          ],
        }),
      "Sheet 'S' has no PATTERN column: add one or give the 'pattern' field",
    );
    fails(
      () =>
        plan({
          S: [
            ["INSTANCE", "PATTERN"],
            ["A", "HUB"],
            ["B", null],
          ],
        }),
      "Row 3 of sheet 'S' has no PATTERN: fill it in or give the 'pattern' field",
    );
  });

  it("needs at least one sheet with an INSTANCE column", () => {
    fails(
      () =>
        plan({
          S: [
            ["NAME", "PATTERN"],
            ["A", "HUB"],
          ],
        }),
      /no sheet with an INSTANCE column/,
    );
    fails(() => plan({}), /no sheet with an INSTANCE column/);
  });

  it("refuses a sheet asked for by name that cannot be imported", () => {
    fails(() => plan({ S: [["NAME"], ["A"]] }, {}, true), "Sheet 'S' has no INSTANCE column");
    fails(() => plan({ S: [] }, {}, true), "Sheet 'S' is empty");
  });
});
