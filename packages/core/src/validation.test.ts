import { describe, expect, it } from "vitest";
import {
  type PropertyRule,
  type RoleRule,
  unknownColumns,
  validateInstance,
} from "./validation.ts";

const props: PropertyRule[] = [
  { name: "COLUMN_NAME", datatype: "string", required: true },
  { name: "LENGTH", datatype: "integer", required: false },
  { name: "SCALE", datatype: "number", required: false },
  { name: "NULLABLE", datatype: "boolean", required: false },
  { name: "VALID_FROM", datatype: "date", required: false },
];
const roles: RoleRule[] = [
  { name: "BUSINESS_KEY", cardinalityMin: "1", cardinalityMax: "N" },
  { name: "HASH_KEY", cardinalityMin: "0", cardinalityMax: "1" },
];

describe("validateInstance", () => {
  it("finds nothing wrong in valid rows", () => {
    const rows = [
      { COLUMN_NAME: "ID", LENGTH: "10", SCALE: "-1.5e3", NULLABLE: "false", BUSINESS_KEY: "X" },
      { COLUMN_NAME: "NAME", VALID_FROM: "2024-02-29", NULLABLE: "Yes", HASH_KEY: "X" },
      { COLUMN_NAME: "TS", VALID_FROM: "2024-02-01T10:30:00Z", LENGTH: null, SCALE: "" },
    ];
    expect(validateInstance(rows, props, roles)).toEqual([]);
  });

  it("reports a required property left empty, naming row and column", () => {
    const rows = [{ COLUMN_NAME: "ID", BUSINESS_KEY: "X" }, { COLUMN_NAME: "  " }, {}];
    expect(validateInstance(rows, props, roles)).toEqual([
      { row: 1, column: "COLUMN_NAME", message: "Row 2: COLUMN_NAME is required but empty" },
      { row: 2, column: "COLUMN_NAME", message: "Row 3: COLUMN_NAME is required but empty" },
    ]);
  });

  it("reports each datatype mismatch as one error", () => {
    const rows = [
      {
        COLUMN_NAME: "ID",
        LENGTH: "ten",
        SCALE: "1,5",
        NULLABLE: "maybe",
        VALID_FROM: "2023-02-29",
        BUSINESS_KEY: "X",
      },
    ];
    const issues = validateInstance(rows, props, roles);
    expect(issues.map((i) => i.column)).toEqual(["LENGTH", "SCALE", "NULLABLE", "VALID_FROM"]);
    expect(issues[0]).toEqual({
      row: 0,
      column: "LENGTH",
      message: "Row 1: LENGTH must be a whole number, not 'ten'",
    });
    expect(issues[3]?.message).toBe(
      "Row 1: VALID_FROM must be a date (YYYY-MM-DD), not '2023-02-29'",
    );
  });

  it("accepts calendar dates of any four-digit year, also the low-date sentinel 0001-01-01", () => {
    const dates = (values: string[]) =>
      validateInstance(
        values.map((v) => ({ COLUMN_NAME: "C", VALID_FROM: v, BUSINESS_KEY: "X" })),
        props,
        roles,
      ).map((i) =>
        i.message.replace(/^Row \d+: VALID_FROM must be a date \(YYYY-MM-DD\), not /, ""),
      );
    expect(
      dates(["0001-01-01", "0099-12-31", "0000-02-29", "9999-12-31", "2000-02-29", "1900-01-31"]),
    ).toEqual([]);
    expect(
      dates(["1900-02-29", "0100-02-29", "2024-02-30", "2024-2-3", "2024-04-31", "2024-00-10"]),
    ).toEqual([
      "'1900-02-29'",
      "'0100-02-29'",
      "'2024-02-30'",
      "'2024-2-3'",
      "'2024-04-31'",
      "'2024-00-10'",
    ]);
  });

  it("accepts a date with a time and an offset only when both are real", () => {
    const bad = validateInstance(
      [
        "2024-02-03T10:00+01:00",
        "2024-02-03 23:59:59.5-0930",
        "2024-02-03T10:00+25:00",
        "2024-02-03T24:00",
      ].map((v) => ({ COLUMN_NAME: "C", VALID_FROM: v, BUSINESS_KEY: "X" })),
      props,
      roles,
    ).map((i) => i.row);
    expect(bad).toEqual([2, 3]);
  });

  it("reports a role carried by too few rows", () => {
    const issues = validateInstance(
      [{ COLUMN_NAME: "A" }, { COLUMN_NAME: "B", BUSINESS_KEY: "" }],
      props,
      roles,
    );
    expect(issues).toEqual([
      {
        row: -1,
        column: "BUSINESS_KEY",
        message: "BUSINESS_KEY must be carried by at least 1 row, but no row carries it",
      },
    ]);
    const two = validateInstance(
      [{ COLUMN_NAME: "A", K: "X" }],
      [],
      [{ name: "K", cardinalityMin: "2", cardinalityMax: "N" }],
    );
    expect(two[0]?.message).toBe("K must be carried by at least 2 rows, but only 1 row does");
  });

  it("reports a role carried by too many rows at the first row beyond the limit", () => {
    const rows = [
      { COLUMN_NAME: "A", BUSINESS_KEY: "X", HASH_KEY: "X" },
      { COLUMN_NAME: "B", HASH_KEY: "X" },
      { COLUMN_NAME: "C", HASH_KEY: "x" },
    ];
    expect(validateInstance(rows, props, roles)).toEqual([
      {
        row: 1,
        column: "HASH_KEY",
        message: "HASH_KEY may be carried by at most 1 row, but 3 rows carry it",
      },
    ]);
  });

  it("treats N as unbounded and ignores deleted properties and roles", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      COLUMN_NAME: `C${i}`,
      BUSINESS_KEY: "X",
    }));
    expect(validateInstance(rows, props, roles)).toEqual([]);
    const deleted = validateInstance(
      [{}],
      [{ name: "GONE", datatype: "string", required: 1, deleted: 1 }],
      [{ name: "OLD", cardinalityMin: "1", cardinalityMax: "1", deleted: true }],
    );
    expect(deleted).toEqual([]);
  });

  it("validates nothing but roles for an instance without rows", () => {
    expect(validateInstance([], props, roles).map((i) => i.column)).toEqual(["BUSINESS_KEY"]);
  });
});

describe("unknownColumns", () => {
  it("lists cells naming neither a property nor a role", () => {
    const rows = [
      { "@POS_NO": "1", COLUMN_NAME: "A", FOO: "x" },
      { BUSINESS_KEY: "X", BAR: null },
    ];
    expect(unknownColumns(rows, props, roles)).toEqual([
      { row: 0, column: "FOO" },
      { row: 1, column: "BAR" },
    ]);
  });
});
