import { describe, expect, it } from "vitest";
import { offsetOf, runTarget, splitStatements, statementAt } from "./statements.ts";

const parts = (text: string) => splitStatements(text).map((s) => text.slice(s.start, s.end));

describe("splitStatements", () => {
  it("splits on semicolons and keeps a last part without one", () => {
    expect(parts("SELECT 1; SELECT 2;\nSELECT 3")).toEqual(["SELECT 1", " SELECT 2", "\nSELECT 3"]);
    expect(parts("SELECT 1;")).toEqual(["SELECT 1", ""]);
  });

  it("ignores semicolons in strings, quoted names and comments", () => {
    const text = [
      "SELECT 'a;b', 'it''s;' FROM x; ",
      'SELECT "we;ird", `b;`, [c;] -- not; here',
      "FROM y /* a; comment */;",
      "SELECT 3",
    ].join("\n");
    expect(parts(text)).toEqual([
      "SELECT 'a;b', 'it''s;' FROM x",
      ' \nSELECT "we;ird", `b;`, [c;] -- not; here\nFROM y /* a; comment */',
      "\nSELECT 3",
    ]);
  });

  it("runs to the end through an unclosed string or comment", () => {
    expect(parts("SELECT 'open; still")).toEqual(["SELECT 'open; still"]);
    expect(parts("SELECT 1 /* open; still")).toEqual(["SELECT 1 /* open; still"]);
  });
});

describe("statementAt and runTarget", () => {
  const text = "SELECT 1;\n\nSELECT 2\n  FROM t;\n-- done\n";

  it("finds the statement under the cursor, trimmed, with its start", () => {
    expect(runTarget(text, 3, 3)).toEqual({ text: "SELECT 1", start: 0 });
    const inSecond = text.indexOf("FROM");
    expect(runTarget(text, inSecond, inSecond)).toEqual({
      text: "SELECT 2\n  FROM t",
      start: text.indexOf("SELECT 2"),
    });
  });

  it("takes the statement before when the cursor is after it or on a blank part", () => {
    expect(runTarget(text, text.indexOf(";") + 1, text.indexOf(";") + 1)?.text).toBe("SELECT 1");
    expect(runTarget(text, text.length, text.length)?.text).toBe("SELECT 2\n  FROM t");
    expect(statementAt("  ;  SELECT 9", 0)).toEqual({ start: 3, end: 13 });
    // More on the same line after the `;`: the cursor is at the start of that one.
    expect(runTarget("SELECT 1; SELECT 2", 9, 9)?.text).toBe("SELECT 2");
  });

  it("takes the selection when there is one, and nothing from blank text", () => {
    expect(runTarget(text, 11, text.length)).toEqual({
      text: "SELECT 2\n  FROM t;\n-- done",
      start: 11,
    });
    expect(runTarget("  -- only a comment\n", 0, 0)).toBeUndefined();
    expect(runTarget("", 0, 0)).toBeUndefined();
  });
});

describe("offsetOf", () => {
  it("turns a 1-based line and column into an offset", () => {
    const text = "SELECT 1;\nSELECT NAME,\nFROM x";
    expect(offsetOf(text, 1, 1)).toBe(0);
    expect(offsetOf(text, 3, 1)).toBe(text.indexOf("FROM"));
    expect(offsetOf(text, 2, 8)).toBe(text.indexOf("NAME"));
    expect(offsetOf(text, 2, 99)).toBe(text.indexOf(",\nFROM") + 1);
    expect(offsetOf(text, 9, 1)).toBe(text.length);
  });
});
