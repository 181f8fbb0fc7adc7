import { describe, expect, it } from "vitest";
import { mergeRows, resolveMerge } from "./merge-rows.ts";
import { type DraftRow, addRow, draftOf, removeRow, setCell } from "./row-draft.ts";

const columns = ["COLUMN", "TYPE", "NOTE"];
const texts = (rows: DraftRow[]) => rows.map((r) => columns.map((c) => r.cells[c] ?? "").join(":"));

/** The base version: A, B, C. */
function start() {
  const base = draftOf(
    [
      { COLUMN: "A", TYPE: "INT", NOTE: "" },
      { COLUMN: "B", TYPE: "TEXT", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "" },
    ],
    columns,
  );
  const [a, b, c] = base as [DraftRow, DraftRow, DraftRow];
  return { base, a, b, c };
}
const theirsOf = (rows: Record<string, string>[]) => draftOf(rows, columns);

describe("three-way merge of the editor's rows", () => {
  it("cells changed on one side only merge without asking, in the same row too", () => {
    const { base, a, b } = start();
    let mine = setCell(base, a.key, "TYPE", "BIGINT");
    mine = setCell(mine, b.key, "NOTE", "mine");
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "INT", NOTE: "theirs" },
      { COLUMN: "B", TYPE: "VARCHAR", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([]);
    expect(merge.merged).toEqual({ theirs: 2, mine: 2 });
    expect(texts(resolveMerge(merge, []))).toEqual([
      "A:BIGINT:theirs",
      "B:VARCHAR:mine",
      "C:DATE:",
    ]);
  });

  it("a cell changed differently on both sides is a conflict showing base, theirs and mine", () => {
    const { base, a, c } = start();
    let mine = setCell(base, a.key, "TYPE", "NUMBER");
    mine = setCell(mine, c.key, "TYPE", "TIMESTAMP");
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "BIGINT", NOTE: "" },
      { COLUMN: "B", TYPE: "TEXT", NOTE: "" },
      // The same change on both sides is no conflict.
      { COLUMN: "C", TYPE: "TIMESTAMP", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([
      expect.objectContaining({
        column: "TYPE",
        row: 1,
        label: "A",
        base: "INT",
        theirs: "BIGINT",
        mine: "NUMBER",
      }),
    ]);
    expect(texts(resolveMerge(merge, ["mine"]))[0]).toBe("A:NUMBER:");
    expect(texts(resolveMerge(merge, ["theirs"]))[0]).toBe("A:BIGINT:");
  });

  it("finds a row they edited by its first cell, and keeps rows either side added", () => {
    const { base, a, b } = start();
    const added = addRow(setCell(base, b.key, "NOTE", "mine"), columns, a.key);
    const mine = setCell(added.draft, added.key, "COLUMN", "MINE_NEW");
    // They changed B's type, and inserted a row before C.
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "INT", NOTE: "" },
      { COLUMN: "B", TYPE: "VARCHAR", NOTE: "" },
      { COLUMN: "THEIRS_NEW", TYPE: "INT", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([]);
    expect(texts(resolveMerge(merge, []))).toEqual([
      "A:INT:",
      "MINE_NEW::",
      "B:VARCHAR:mine",
      "THEIRS_NEW:INT:",
      "C:DATE:",
    ]);
  });

  it("a row removed on one side and untouched on the other goes", () => {
    const { base, a } = start();
    const mine = removeRow(base, a.key);
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "INT", NOTE: "" },
      { COLUMN: "B", TYPE: "TEXT", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([]);
    expect(texts(resolveMerge(merge, []))).toEqual(["B:TEXT:"]);
  });

  it("a row they removed that I edited is a conflict: theirs drops it, mine keeps it in place", () => {
    const { base, b } = start();
    const mine = setCell(base, b.key, "NOTE", "keep me");
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "INT", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([
      expect.objectContaining({
        column: null,
        row: 2,
        label: "B",
        base: "COLUMN=B, TYPE=TEXT",
        theirs: null,
        mine: "COLUMN=B, TYPE=TEXT, NOTE=keep me",
      }),
    ]);
    expect(texts(resolveMerge(merge, ["theirs"]))).toEqual(["A:INT:", "C:DATE:"]);
    expect(texts(resolveMerge(merge, ["mine"]))).toEqual(["A:INT:", "B:TEXT:keep me", "C:DATE:"]);
  });

  it("a row I removed that they edited is a conflict: theirs keeps their row, mine drops it", () => {
    const { base, c } = start();
    const mine = removeRow(base, c.key);
    const theirs = theirsOf([
      { COLUMN: "A", TYPE: "INT", NOTE: "" },
      { COLUMN: "B", TYPE: "TEXT", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "theirs" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([
      expect.objectContaining({ column: null, row: 3, theirs: "COLUMN=C, TYPE=DATE, NOTE=theirs" }),
    ]);
    expect(merge.conflicts[0]?.mine).toBeNull();
    expect(texts(resolveMerge(merge, ["theirs"]))).toEqual(["A:INT:", "B:TEXT:", "C:DATE:theirs"]);
    expect(texts(resolveMerge(merge, ["mine"]))).toEqual(["A:INT:", "B:TEXT:"]);
  });

  it("a row whose first cell they renamed is theirs as added; my edit of it asks", () => {
    const { base, a } = start();
    const mine = setCell(base, a.key, "TYPE", "NUMBER");
    const theirs = theirsOf([
      { COLUMN: "A_ID", TYPE: "BIGINT", NOTE: "" },
      { COLUMN: "B", TYPE: "TEXT", NOTE: "" },
      { COLUMN: "C", TYPE: "DATE", NOTE: "" },
    ]);
    const merge = mergeRows(base, mine, theirs, columns);
    expect(merge.conflicts).toEqual([
      expect.objectContaining({ column: null, label: "A", theirs: null }),
    ]);
    // Neither value is lost: choosing mine keeps both rows.
    expect(texts(resolveMerge(merge, ["mine"]))).toEqual([
      "A:NUMBER:",
      "A_ID:BIGINT:",
      "B:TEXT:",
      "C:DATE:",
    ]);
  });
});
