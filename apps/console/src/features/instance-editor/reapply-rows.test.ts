import { describe, expect, it } from "vitest";
import { reapplyRows } from "./reapply-rows.ts";
import { type DraftRow, addRow, draftOf, removeRow, setCell } from "./row-draft.ts";

const columns = ["COLUMN", "LENGTH"];
const cells = (draft: DraftRow[]) => draft.map((r) => `${r.cells.COLUMN}:${r.cells.LENGTH}`);

describe("re-applying unsaved rows on the newest version", () => {
  const base = draftOf(
    [
      { COLUMN: "A", LENGTH: "1" },
      { COLUMN: "B", LENGTH: "2" },
      { COLUMN: "C", LENGTH: "3" },
    ],
    columns,
  );

  it("keeps the other save's rows and adds, edits and removes as the user did", () => {
    const [a, b, c] = base as [DraftRow, DraftRow, DraftRow];
    let mine = setCell(base, a.key, "LENGTH", "10");
    mine = removeRow(mine, c.key);
    const added = addRow(mine, columns, b.key);
    mine = setCell(added.draft, added.key, "COLUMN", "NEW");
    // They appended D and changed B's length.
    const theirs = draftOf(
      [
        { COLUMN: "A", LENGTH: "1" },
        { COLUMN: "B", LENGTH: "20" },
        { COLUMN: "C", LENGTH: "3" },
        { COLUMN: "D", LENGTH: "4" },
      ],
      columns,
    );
    const { draft, kept } = reapplyRows(base, mine, theirs, columns);
    expect(cells(draft)).toEqual(["A:10", "B:20", "NEW:", "D:4"]);
    expect(kept).toBe(0);
  });

  it("adds a row the user edited again when the other save changed or removed it", () => {
    const [a] = base as [DraftRow];
    const mine = setCell(base, a.key, "LENGTH", "11");
    const theirs = draftOf(
      [
        { COLUMN: "B", LENGTH: "2" },
        { COLUMN: "C", LENGTH: "3" },
      ],
      columns,
    );
    const { draft, kept } = reapplyRows(base, mine, theirs, columns);
    expect(cells(draft)).toEqual(["A:11", "B:2", "C:3"]);
    expect(kept).toBe(1);
  });
});
