import { describe, expect, it } from "vitest";
import { addRow, draftOf, moveRow, removeRow, rowsOf, sameCells, setCell } from "./row-draft.ts";

const columns = ["NAME", "LENGTH", "BK"];
const server = [
  { "@POS_NO": 1, NAME: "ID", LENGTH: "10", BK: "X" },
  { "@POS_NO": 2, NAME: "TEXT", LENGTH: null, BK: null },
];

describe("row draft", () => {
  it("keeps the editable cells as text and gives them back with empty cells as null", () => {
    const draft = draftOf(server, columns);
    expect(draft.map((r) => r.cells)).toEqual([
      { NAME: "ID", LENGTH: "10", BK: "X" },
      { NAME: "TEXT", LENGTH: "", BK: "" },
    ]);
    expect(rowsOf(draft, columns)[1]).toEqual({ NAME: "TEXT", LENGTH: null, BK: null });
  });

  it("adds a row below the chosen one, moves and removes rows by key", () => {
    const draft = draftOf(server, columns);
    const added = addRow(draft, columns, draft[0].key);
    expect(added.draft.map((r) => r.cells.NAME)).toEqual(["ID", "", "TEXT"]);
    const named = setCell(added.draft, added.key, "NAME", "NEW");
    const down = moveRow(named, added.key, 1);
    expect(down.map((r) => r.cells.NAME)).toEqual(["ID", "TEXT", "NEW"]);
    expect(moveRow(down, added.key, 1).map((r) => r.cells.NAME)).toEqual(["ID", "TEXT", "NEW"]);
    expect(removeRow(down, draft[0].key).map((r) => r.cells.NAME)).toEqual(["TEXT", "NEW"]);
    expect(addRow(draft, columns).draft).toHaveLength(3);
  });

  it("compares cells and order, not keys", () => {
    const a = draftOf(server, columns);
    const b = draftOf(server, columns);
    expect(sameCells(a, b, columns)).toBe(true);
    expect(sameCells(a, setCell(b, b[0].key, "LENGTH", "11"), columns)).toBe(false);
    expect(sameCells(a, moveRow(b, b[0].key, 1), columns)).toBe(false);
  });
});
