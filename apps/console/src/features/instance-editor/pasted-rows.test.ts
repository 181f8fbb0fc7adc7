import { describe, expect, it } from "vitest";
import { parseTabular, pasteRows } from "./pasted-rows.ts";
import { draftOf } from "./row-draft.ts";

const columns = ["COLUMN_NAME", "DATA_TYPE", "LENGTH"];

describe("rows pasted from a spreadsheet", () => {
  it("splits tab-separated lines, with Excel's quoted cells and CRLF line ends", () => {
    expect(parseTabular('A\tB\r\n"x\ty"\t"say ""hi"""\r\n"two\nlines"\tz\r\n\r\n')).toEqual([
      ["A", "B"],
      ["x\ty", 'say "hi"'],
      ["two\nlines", "z"],
    ]);
    expect(parseTabular('6" pipe\tb')).toEqual([['6" pipe', "b"]]);
  });

  it("maps cells to the columns in order when the first line is no header", () => {
    const out = pasteRows([], columns, "ID\tTEXT\t10\nNAME\tTEXT\t50\textra\n");
    expect(out.draft.map((r) => r.cells)).toEqual([
      { COLUMN_NAME: "ID", DATA_TYPE: "TEXT", LENGTH: "10" },
      { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT", LENGTH: "50" },
    ]);
    expect(out.ignored).toBe(1);
  });

  it("maps cells by a header line, in any order and any case", () => {
    const out = pasteRows([], columns, "length\tCOLUMN_NAME\n12\tCODE\n");
    expect(out.draft.map((r) => r.cells)).toEqual([
      { COLUMN_NAME: "CODE", DATA_TYPE: "", LENGTH: "12" },
    ]);
  });

  it("inserts below the selected row, keeping their order", () => {
    const base = draftOf([{ COLUMN_NAME: "A" }, { COLUMN_NAME: "D" }], columns);
    const out = pasteRows(base, columns, "B\nC", base[0].key);
    expect(out.draft.map((r) => r.cells.COLUMN_NAME)).toEqual(["A", "B", "C", "D"]);
    expect(out.keys).toHaveLength(2);
  });
});
