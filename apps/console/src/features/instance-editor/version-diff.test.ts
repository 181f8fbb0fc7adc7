import { describe, expect, it } from "vitest";
import { diffRows, diffSummary } from "./version-diff.ts";

const columns = ["NAME", "LENGTH"];
const row = (NAME: string, LENGTH: string | null = null) => ({ NAME, LENGTH });

describe("version diff", () => {
  it("names the changed cells of a row edited in place", () => {
    const changes = diffRows(
      columns,
      [row("ID", "10"), row("DEVICE", "20"), row("VIEWS")],
      [row("ID", "10"), row("DEVICE", "24"), row("VIEWS")],
    );
    expect(changes.map((c) => c.kind)).toEqual(["same", "changed", "same"]);
    expect(changes[1]).toMatchObject({ kind: "changed", cells: ["LENGTH"] });
    expect(diffSummary(changes)).toBe("1 row changed");
  });

  it("finds added and removed rows around unchanged ones", () => {
    const changes = diffRows(
      columns,
      [row("A"), row("B"), row("C")],
      [row("A"), row("C"), row("D", "1"), row("E")],
    );
    expect(changes.map((c) => c.kind)).toEqual(["same", "removed", "same", "added", "added"]);
    expect(diffSummary(changes)).toBe("2 rows added, 1 removed");
  });

  it("says when two versions are the same", () => {
    expect(diffSummary(diffRows(columns, [row("A")], [row("A")]))).toBe("No differences");
  });
});
