/**
 * Validation of an instance's metadata rows (docs/reference/rules.md §4). Pure: callers
 * pass the rows in `@POS_NO` order and the pattern's non-deleted properties
 * and roles; every broken rule is one issue.
 */
import type { PatternConstraint } from "@metabuild/contract";
import { checkConstraints } from "./constraints.ts";
import { cellOf } from "./instance-model/cells.ts";

/** One metadata row: property and role names → cell text (null or "" = empty). */
export type MetadataRow = Record<string, string | null | undefined>;

export interface PropertyRule {
  name: string;
  /** `string`, `integer`, `number`, `boolean` or `date`; anything else is not checked. */
  datatype: string;
  /** Truthy when every row needs a value (the store keeps 0/1). */
  required: boolean | number;
  deleted?: boolean | number;
}

export interface RoleRule {
  name: string;
  /** A count as text, e.g. "0" or "1". */
  cardinalityMin: string;
  /** A count as text, or `N` for unbounded. */
  cardinalityMax: string;
  deleted?: boolean | number;
}

export interface ValidationIssue {
  /** 0-based index of the row in `@POS_NO` order; -1 when the issue concerns the whole column. */
  row: number;
  column: string;
  message: string;
}

/** The row label people see: rows are numbered from 1, like `@POS_NO`. */
function rowLabel(index: number): string {
  return `Row ${index + 1}`;
}

export function isEmptyCell(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN = new Set(["true", "false", "yes", "no", "y", "n", "1", "0"]);
const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** Days in a month of the proleptic Gregorian calendar (year 0 is a leap year, as in ISO 8601). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `YYYY-MM-DD`, optionally with a time `HH:MM[:SS[.fff]]` and an offset: a
 * real calendar day of any four-digit year (also `0001-01-01`, the usual
 * low-date sentinel), a real time of day and an offset within ±23:59.
 */
function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (m[4] === undefined) return true;
  const timeOk = Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60;
  const offsetOk = m[8] === undefined || (Number(m[8]) < 24 && Number(m[9]) < 60);
  return timeOk && offsetOk;
}

const datatypeChecks: Record<string, { test: (v: string) => boolean; expected: string }> = {
  integer: { test: (v) => INTEGER.test(v), expected: "a whole number" },
  number: { test: (v) => NUMBER.test(v), expected: "a number" },
  boolean: {
    test: (v) => BOOLEAN.has(v.toLowerCase()),
    expected: "a boolean (true/false, yes/no, 1/0)",
  },
  date: { test: isCalendarDate, expected: "a date (YYYY-MM-DD)" },
};

/** Whether a non-empty value fits a datatype; unknown datatypes and `string` accept anything. */
export function matchesDatatype(datatype: string, value: string): boolean {
  const check = datatypeChecks[datatype.toLowerCase()];
  return check ? check.test(value.trim()) : true;
}

/** A cardinality bound as a number; `N` (or empty, or `*`) is unbounded. */
function bound(text: string, unbounded: number): number {
  const t = text.trim();
  if (t === "" || t.toUpperCase() === "N" || t === "*") return unbounded;
  const n = Number(t);
  return Number.isInteger(n) && n >= 0 ? n : unbounded;
}

function plural(n: number): string {
  return n === 1 ? "1 row" : `${n} rows`;
}

export function validateInstance(
  rows: readonly MetadataRow[],
  properties: readonly PropertyRule[],
  roles: readonly RoleRule[],
  constraints: readonly PatternConstraint[] = [],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Each property's datatype check is looked up once, not once per cell.
  const liveProperties = properties
    .filter((p) => !p.deleted)
    .map((p) => ({ ...p, check: datatypeChecks[p.datatype.toLowerCase()] }));
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as MetadataRow;
    for (const p of liveProperties) {
      const value = cellOf(row, p.name);
      if (isEmptyCell(value)) {
        if (p.required)
          issues.push({
            row: index,
            column: p.name,
            message: `${rowLabel(index)}: ${p.name} is required but empty`,
          });
        continue;
      }
      const check = p.check;
      if (check && !check.test((value as string).trim()))
        issues.push({
          row: index,
          column: p.name,
          message: `${rowLabel(index)}: ${p.name} must be ${check.expected}, not '${value}'`,
        });
    }
  }
  for (const role of roles.filter((r) => !r.deleted)) {
    const carriers = rows.flatMap((row, index) =>
      isEmptyCell(cellOf(row, role.name)) ? [] : [index],
    );
    const min = bound(role.cardinalityMin, 0);
    const max = bound(role.cardinalityMax, Number.POSITIVE_INFINITY);
    if (carriers.length < min)
      issues.push({
        row: -1,
        column: role.name,
        message: `${role.name} must be carried by at least ${plural(min)}, but ${carriers.length === 0 ? "no row carries it" : `only ${plural(carriers.length)} ${carriers.length === 1 ? "does" : "do"}`}`,
      });
    else if (carriers.length > max)
      issues.push({
        // Point at the first carrier beyond the limit, so the console can mark a cell.
        row: carriers[max] as number,
        column: role.name,
        message: `${role.name} may be carried by at most ${plural(max)}, but ${carriers.length} rows carry it`,
      });
  }
  if (constraints.length > 0) {
    const live = new Set([...properties, ...roles].filter((c) => !c.deleted).map((c) => c.name));
    issues.push(...checkConstraints(rows, constraints, live));
  }
  return issues;
}

/** Cells whose column is neither a property nor a role of the pattern (input mistakes). */
export function unknownColumns(
  rows: readonly MetadataRow[],
  properties: readonly PropertyRule[],
  roles: readonly RoleRule[],
): { row: number; column: string }[] {
  const live = [...properties, ...roles].filter((c) => !c.deleted);
  const known = new Set(["@POS_NO", ...live.map((c) => c.name)]);
  const out: { row: number; column: string }[] = [];
  rows.forEach((row, index) => {
    for (const column of Object.keys(row)) if (!known.has(column)) out.push({ row: index, column });
  });
  return out;
}
