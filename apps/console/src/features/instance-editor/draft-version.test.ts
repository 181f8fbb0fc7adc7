import type { InstanceEditing } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { draftFor } from "./draft-version.ts";
import { draftOf, setCell } from "./row-draft.ts";

const columns = ["COLUMN"];
const at = (version: number, names: string[]) =>
  ({ version, rows: names.map((COLUMN) => ({ COLUMN })) }) as unknown as InstanceEditing;
const names = (rows: { cells: Record<string, string> }[]) => rows.map((r) => r.cells.COLUMN);

describe("the draft when a newer version arrives", () => {
  const v2 = draftFor(undefined, at(2, ["A"]), columns);
  const [a] = v2.base;

  it("starts on the instance's rows and follows a newer version while clean", () => {
    expect(v2).toMatchObject({ version: 2 });
    const next = draftFor(v2, at(3, ["A", "B"]), columns);
    expect(next.version).toBe(3);
    expect(names(next.rows)).toEqual(["A", "B"]);
  });

  it("follows the user's own save: the newer rows are the draft's", () => {
    const edited = { ...v2, rows: setCell(v2.rows, a?.key ?? "", "COLUMN", "MINE") };
    const next = draftFor(edited, at(3, ["MINE"]), columns);
    expect(next.version).toBe(3);
    expect(names(next.base)).toEqual(["MINE"]);
  });

  it("keeps unsaved rows on their version (another tab saved): saving them merges", () => {
    const edited = { ...v2, rows: setCell(v2.rows, a?.key ?? "", "COLUMN", "MINE") };
    expect(draftFor(edited, at(3, ["THEIRS"]), columns)).toBe(edited);
    expect(names(draftOf(at(3, ["THEIRS"]).rows, columns))).toEqual(["THEIRS"]);
  });
});
