import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { checkFolderSegments, checkInstanceName, checkRowValues } from "./limits.ts";
import { UploadPlanBuilder } from "./spreadsheet/upload-plan.ts";

const limits = { nameLength: 5, pathLength: 12, valueLength: 3, uploadCharacters: 40 };

describe("write limits", () => {
  it("takes a name up to the limit, trimmed, and refuses a longer one naming the field", () => {
    expect(checkInstanceName("  ABCDE ", limits)).toBe("ABCDE");
    expect(() => checkInstanceName("ABCDEF", limits, "INSTANCE", "Row 2")).toThrow(
      "Row 2: Invalid value for 'INSTANCE': must be at most 5 characters (it has 6)",
    );
    expect(() => checkInstanceName("a/b", limits)).toThrow("must not contain '/'");
  });

  it("refuses '*' in a name, naming the field: it makes a name filter a glob (issue 14)", () => {
    expect(() => checkInstanceName("A*B", limits)).toThrow(
      "Invalid value for 'name': '*' is not allowed in an instance name (it makes a name filter a pattern)",
    );
    expect(() => checkInstanceName("*", limits, "INSTANCE", "Row 2")).toThrow(
      "Row 2: Invalid value for 'INSTANCE': '*'",
    );
  });

  it("measures a folder path in its normal form, and each folder name", () => {
    expect(() => checkFolderSegments(["abcde", "fghij"], "//abcde//fghij/", limits)).not.toThrow();
    expect(() => checkFolderSegments(["abcde", "fghij", "k"], "/abcde/fghij/k", limits)).toThrow(
      "Invalid value for 'folder': must be at most 12 characters (it has 14)",
    );
    expect(() => checkFolderSegments(["abcdef"], "/abcdef", limits)).toThrow(
      "each folder name must be at most 5 characters (one has 6)",
    );
    expect(() => checkFolderSegments(["a", ".."], "/a/..", limits)).toThrow("'.' or '..'");
  });

  it("names the column and row of a value over the limit", () => {
    expect(() =>
      checkRowValues([{ A: "abc" }, { A: "x", B: "abcd" }], limits, "Instance '/X'"),
    ).toThrow(
      "Instance '/X', row 2: Invalid value for 'B': must be at most 3 characters (it has 4)",
    );
    expect(() => checkRowValues([{ A: null, B: "abc" }], limits)).not.toThrow();
  });

  it("the defaults: names 200, paths 1000, values 32767 (Excel's cell limit), uploads 50 M", () => {
    expect(DEFAULT_WRITE_LIMITS).toEqual({
      nameLength: 200,
      pathLength: 1000,
      valueLength: 32767,
      uploadCharacters: 50_000_000,
    });
  });
});

describe("upload plan: limits", () => {
  const plan = (lines: string[][]) => {
    const b = new UploadPlanBuilder({}, limits);
    b.beginSheet("S", false);
    lines.forEach((l, i) => {
      b.addLine(i + 1, l);
    });
    b.endSheet();
    return b.finish();
  };

  it("names a system column whose cell is over the value limit", () => {
    expect(() =>
      plan([
        ["INSTANCE", "PATTERN"],
        ["A", "HUBX"],
      ]),
    ).toThrow("Row 2 of sheet 'S': Invalid value for 'PATTERN': must be at most 3 characters");
  });

  it("counts every kept line's characters against the upload's total (413)", () => {
    const line = ["ABCDE", "HUB", "abc"]; // 11 characters
    const head = ["INSTANCE", "PATTERN", "C"];
    expect(plan([head, line, line, line]).lines).toBe(3);
    try {
      plan([head, line, line, line, line]);
      expect.unreachable();
    } catch (err) {
      expect((err as { code: number }).code).toBe(413);
    }
  });
});
