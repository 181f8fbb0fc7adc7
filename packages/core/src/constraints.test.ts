import type { PatternConstraint } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { checkConstraints, constraintProblems } from "./constraints.ts";
import { type PropertyRule, type RoleRule, validateInstance } from "./validation.ts";

const properties: PropertyRule[] = [
  { name: "COLUMN_NAME", datatype: "string", required: false },
  { name: "DATATYPE", datatype: "string", required: false },
];
const roles: RoleRule[] = [{ name: "BUSINESS_KEY", cardinalityMin: "0", cardinalityMax: "N" }];
const columns = new Set(["COLUMN_NAME", "DATATYPE", "BUSINESS_KEY"]);

describe("pattern constraints in validateInstance", () => {
  it("marks the second row carrying a value already used (unique)", () => {
    const rows = [{ COLUMN_NAME: "ID" }, { COLUMN_NAME: "NAME" }, { COLUMN_NAME: " ID " }];
    const c: PatternConstraint[] = [{ kind: "unique", column: "COLUMN_NAME" }];
    expect(validateInstance(rows, properties, roles, c)).toEqual([
      {
        row: 2,
        column: "COLUMN_NAME",
        message: "Row 3: COLUMN_NAME 'ID' is already used in row 1; values must be unique",
      },
    ]);
  });

  it("compares case-insensitively when asked, and ignores empty cells", () => {
    const rows = [
      { COLUMN_NAME: "id" },
      { COLUMN_NAME: "" },
      { COLUMN_NAME: "" },
      { COLUMN_NAME: "ID" },
    ];
    const c: PatternConstraint[] = [{ kind: "unique", column: "COLUMN_NAME", ignore_case: true }];
    expect(validateInstance(rows, properties, roles, c).map((i) => i.row)).toEqual([3]);
  });

  it("refuses a value outside the list (one_of) with the custom message", () => {
    const rows = [{ DATATYPE: "INT" }, { DATATYPE: "BLOB" }, { DATATYPE: null }];
    const c: PatternConstraint[] = [
      { kind: "one_of", column: "DATATYPE", values: ["INT", "TEXT"] },
      { kind: "one_of", column: "DATATYPE", values: ["INT"], message: "only INT here" },
    ];
    expect(validateInstance(rows, properties, roles, c)).toEqual([
      {
        row: 1,
        column: "DATATYPE",
        message: "Row 2: DATATYPE must be one of 'INT', 'TEXT', not 'BLOB'",
      },
      { row: 1, column: "DATATYPE", message: "Row 2: only INT here" },
    ]);
  });

  it("checks a regular expression against the whole value", () => {
    const rows = [
      { COLUMN_NAME: "CUSTOMER_ID" },
      { COLUMN_NAME: "customer id" },
      { COLUMN_NAME: "X1Y" },
    ];
    const c: PatternConstraint[] = [
      { kind: "regex", column: "COLUMN_NAME", pattern: "[A-Z]+(_[A-Z]+)*" },
    ];
    expect(validateInstance(rows, properties, roles, c).map((i) => [i.row, i.message])).toEqual([
      [1, "Row 2: COLUMN_NAME must match /[A-Z]+(_[A-Z]+)*/, not 'customer id'"],
      [2, "Row 3: COLUMN_NAME must match /[A-Z]+(_[A-Z]+)*/, not 'X1Y'"],
    ]);
  });

  it("marks the cell of the condition's consequence (a BUSINESS_KEY row has a COLUMN_NAME)", () => {
    const rows = [
      { COLUMN_NAME: "ID", BUSINESS_KEY: "x" },
      { COLUMN_NAME: "", BUSINESS_KEY: "x" },
      { COLUMN_NAME: "", BUSINESS_KEY: "" },
    ];
    const c: PatternConstraint[] = [
      {
        kind: "condition",
        when: { column: "BUSINESS_KEY", test: "not_empty" },
        require: { column: "COLUMN_NAME", test: "not_empty" },
      },
    ];
    expect(validateInstance(rows, properties, roles, c)).toEqual([
      {
        row: 1,
        column: "COLUMN_NAME",
        message: "Row 2: COLUMN_NAME must not be empty when BUSINESS_KEY is not empty",
      },
    ]);
  });

  it("supports equals, one_of and matches in conditions", () => {
    const rows = [
      { DATATYPE: "DECIMAL", COLUMN_NAME: "AMOUNT" },
      { DATATYPE: "DECIMAL", COLUMN_NAME: "amt" },
    ];
    const c: PatternConstraint[] = [
      {
        kind: "condition",
        when: { column: "DATATYPE", test: "one_of", values: ["DECIMAL", "NUMERIC"] },
        require: { column: "COLUMN_NAME", test: "matches", value: "[A-Z]+" },
      },
    ];
    expect(validateInstance(rows, properties, roles, c).map((i) => i.row)).toEqual([1]);
  });

  it("skips constraints on columns the pattern no longer has", () => {
    const c: PatternConstraint[] = [{ kind: "unique", column: "GONE" }];
    expect(checkConstraints([{ GONE: "a" }, { GONE: "a" }], c, columns)).toEqual([]);
  });

  it("stays fast on a catastrophic expression (linear engine)", () => {
    // Explicit bound of docs/pattern-constraints.md: a backtracking engine needs
    // 2^30000 steps here; the linear engine takes milliseconds. Margin: 2 s.
    const c: PatternConstraint[] = [{ kind: "regex", column: "COLUMN_NAME", pattern: "(a+)+" }];
    const started = Date.now();
    const issues = checkConstraints([{ COLUMN_NAME: `${"a".repeat(30000)}b` }], c);
    expect(issues).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("constraintProblems", () => {
  it("names unknown columns, invalid and backtracking expressions, missing values", () => {
    const c = [
      { kind: "unique", column: "NOPE" },
      { kind: "regex", column: "COLUMN_NAME", pattern: "(a" },
      { kind: "regex", column: "COLUMN_NAME", pattern: "(a)\\1" },
      { kind: "regex", column: "COLUMN_NAME", pattern: "x".repeat(501) },
      {
        kind: "condition",
        when: { column: "BUSINESS_KEY", test: "equals" },
        require: { column: "COLUMN_NAME", test: "not_empty" },
      },
      { kind: "one_of", column: "DATATYPE", values: ["A"] },
    ] as PatternConstraint[];
    const problems = constraintProblems(c, columns);
    expect(problems.map((p) => [p.index, p.field.join(".")])).toEqual([
      [0, "column"],
      [1, "pattern"],
      [2, "pattern"],
      [3, "pattern"],
      [4, "when.value"],
    ]);
    expect(problems[0]?.message).toBe("unknown column 'NOPE'");
    expect(problems[2]?.message).toMatch(/needs backtracking/);
    expect(problems[3]?.message).toMatch(/at most 500/);
  });
});
