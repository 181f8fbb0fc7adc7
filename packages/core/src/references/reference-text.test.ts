import { describe, expect, it } from "vitest";
import { referenceCells, resolveReferenceCells } from "./reference-cells.ts";
import { formatReference, movedReference, parseReference, referenceKey } from "./reference-text.ts";

describe("reference text", () => {
  it("reads PATTERN:/folder/NAME, /folder/NAME for one allowed pattern, and #ROW", () => {
    expect(parseReference("HUB:/sales/eu/CUSTOMER", ["HUB", "SAT"])).toEqual({
      ok: true,
      ref: {
        pattern: "HUB",
        folder: "/sales/eu",
        name: "CUSTOMER",
        row: null,
        explicitPattern: true,
      },
    });
    expect(parseReference(" /CUSTOMER#ID ", ["HUB"])).toEqual({
      ok: true,
      ref: { pattern: "HUB", folder: "/", name: "CUSTOMER", row: "ID", explicitPattern: false },
    });
    // The pattern's name as the property spells it.
    expect(parseReference("hub:/a/X", ["HUB"])).toMatchObject({
      ok: true,
      ref: { pattern: "HUB" },
    });
  });

  it("names the problem of a text that is no reference", () => {
    const problem = (text: string, allowed = ["HUB"]) => {
      const parsed = parseReference(text, allowed);
      return parsed.ok ? undefined : parsed.problem;
    };
    expect(problem("CUSTOMER")).toMatch(/must be a reference like 'HUB:\/folder\/NAME'/);
    expect(problem("/a/CUSTOMER", ["HUB", "SAT"])).toMatch(/must name the pattern/);
    expect(problem("LNK:/a/X")).toMatch(/may reference HUB only, not pattern 'LNK'/);
    expect(problem("/a/")).toMatch(/must end in an instance name/);
    expect(problem("/a//X")).toMatch(/must end in an instance name/);
    expect(problem("/a/X#")).toMatch(/names no row/);
    expect(problem("HUB/a/X")).toMatch(/must be a reference like/);
  });

  it("writes the text back as it was spelt, and moves it to a new place", () => {
    for (const text of ["HUB:/sales/eu/CUSTOMER", "/CUSTOMER#ID", "HUB:/X#A#B"]) {
      const parsed = parseReference(text, ["HUB"]);
      if (!parsed.ok) throw new Error(parsed.problem);
      expect(formatReference(parsed.ref)).toBe(text);
    }
    expect(movedReference("HUB:/sales/CUSTOMER#ID", "/crm/eu", "CUSTOMER")).toBe(
      "HUB:/crm/eu/CUSTOMER#ID",
    );
    expect(movedReference("/sales/CUSTOMER", "/", "CUSTOMER")).toBe("/CUSTOMER");
  });
});

describe("reference cells", () => {
  const properties = [{ name: "REF", references: ["HUB"] }];
  const found = new Map([
    [referenceKey("HUB", "/s", "A"), { id: 1, deleted: false, rowNames: new Set(["ID"]) }],
    [referenceKey("HUB", "/s", "GONE"), { id: 2, deleted: true }],
  ]);
  it("gives an edge per resolved cell and an issue per broken one", () => {
    const rows = [
      { REF: "/s/A#ID" },
      { REF: "" },
      { REF: "/s/B" },
      { REF: "/s/GONE" },
      { REF: "/s/A#X" },
    ];
    const { edges, issues } = resolveReferenceCells(referenceCells(rows, properties), (k) =>
      found.get(k),
    );
    expect(edges).toEqual([
      { row: 0, property: "REF", targetId: 1, targetRow: "ID" },
      { row: 3, property: "REF", targetId: 2, targetRow: null },
      { row: 4, property: "REF", targetId: 1, targetRow: "X" },
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      "Row 3: REF references '/s/B', which does not exist",
      "Row 4: REF references '/s/GONE', which is deleted",
      "Row 5: REF references row 'X' of '/s/A#X', which has no such row",
    ]);
  });
});
