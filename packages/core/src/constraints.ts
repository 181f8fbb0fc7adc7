/**
 * Pattern constraints (docs/pattern-constraints.md): rules beyond datatype
 * and cardinality, checked with the other validations. Pure functions: the
 * rows of one instance in `@POS_NO` order in, one issue per broken rule at
 * its row and column out. A declarative form, never user code.
 */
import type { CellPredicateType, PatternConstraint } from "@metabuild/contract";
import { cellOf } from "./instance-model/cells.ts";
import { regexProblem, wholeValueRegex } from "./safe-regex.ts";
import type { MetadataRow, ValidationIssue } from "./validation.ts";

function isEmpty(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

function text(value: string | null | undefined): string {
  return (value ?? "").trim();
}

/** At most ten values, so a long list does not bury the message. */
function listed(values: readonly string[]): string {
  const shown = values.slice(0, 10).map((v) => `'${v}'`);
  return values.length > 10 ? `${shown.join(", ")}, …` : shown.join(", ");
}

function passes(p: CellPredicateType, row: MetadataRow): boolean {
  const value = cellOf(row, p.column);
  switch (p.test) {
    case "empty":
      return isEmpty(value);
    case "not_empty":
      return !isEmpty(value);
    case "equals":
      return text(value) === text(p.value);
    case "not_equals":
      return text(value) !== text(p.value);
    case "one_of":
      return (p.values ?? []).some((v) => v.trim() === text(value));
    case "matches":
      return !isEmpty(value) && wholeValueRegex(p.value ?? "").test(text(value));
  }
}

/** A predicate in words: `BUSINESS_KEY is not empty`. */
export function describePredicate(p: CellPredicateType): string {
  switch (p.test) {
    case "empty":
      return `${p.column} is empty`;
    case "not_empty":
      return `${p.column} is not empty`;
    case "equals":
      return `${p.column} is '${p.value ?? ""}'`;
    case "not_equals":
      return `${p.column} is not '${p.value ?? ""}'`;
    case "one_of":
      return `${p.column} is one of ${listed(p.values ?? [])}`;
    case "matches":
      return `${p.column} matches /${p.value ?? ""}/`;
  }
}

/** What a predicate demands, in words: `COLUMN_NAME must not be empty`. */
function requirement(p: CellPredicateType): string {
  return describePredicate(p)
    .replace(`${p.column} is`, `${p.column} must be`)
    .replace(`${p.column} matches`, `${p.column} must match`)
    .replace("must be not", "must not be");
}

const rowLabel = (index: number) => `Row ${index + 1}`;

/** The issues of one constraint over an instance's rows. */
function check(c: PatternConstraint, rows: readonly MetadataRow[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const issue = (row: number, column: string, fallback: string) =>
    issues.push({ row, column, message: `${rowLabel(row)}: ${c.message?.trim() || fallback}` });
  switch (c.kind) {
    case "unique": {
      const first = new Map<string, number>();
      rows.forEach((row, index) => {
        const value = cellOf(row, c.column);
        if (isEmpty(value)) return;
        const key = c.ignore_case ? text(value).toUpperCase() : text(value);
        const seen = first.get(key);
        if (seen === undefined) first.set(key, index);
        else
          issue(
            index,
            c.column,
            `${c.column} '${text(value)}' is already used in row ${seen + 1}; values must be unique`,
          );
      });
      break;
    }
    case "one_of": {
      const allowed = new Set(c.values.map((v) => v.trim()));
      rows.forEach((row, index) => {
        const value = cellOf(row, c.column);
        if (!isEmpty(value) && !allowed.has(text(value)))
          issue(
            index,
            c.column,
            `${c.column} must be one of ${listed(c.values)}, not '${text(value)}'`,
          );
      });
      break;
    }
    case "regex": {
      const re = wholeValueRegex(c.pattern);
      rows.forEach((row, index) => {
        const value = cellOf(row, c.column);
        if (!isEmpty(value) && !re.test(text(value)))
          issue(index, c.column, `${c.column} must match /${c.pattern}/, not '${text(value)}'`);
      });
      break;
    }
    case "condition":
      rows.forEach((row, index) => {
        if (passes(c.when, row) && !passes(c.require, row))
          issue(
            index,
            c.require.column,
            `${requirement(c.require)} when ${describePredicate(c.when)}`,
          );
      });
      break;
  }
  return issues;
}

/**
 * Issues of the constraints over an instance's rows. A constraint naming a
 * column the pattern no longer has is skipped (its cells are all empty).
 */
export function checkConstraints(
  rows: readonly MetadataRow[],
  constraints: readonly PatternConstraint[],
  liveColumns?: ReadonlySet<string>,
): ValidationIssue[] {
  return constraints.flatMap((c) => {
    const used = c.kind === "condition" ? [c.when.column, c.require.column] : [c.column];
    if (liveColumns && used.some((name) => !liveColumns.has(name))) return [];
    return check(c, rows);
  });
}

/** Where a constraint is wrong: the field path inside it and a sentence. */
export interface ConstraintProblem {
  index: number;
  field: (string | number)[];
  message: string;
}

function predicateProblem(
  p: CellPredicateType,
  columns: ReadonlySet<string>,
): { field: string[]; message: string } | undefined {
  if (!columns.has(p.column)) return { field: ["column"], message: `unknown column '${p.column}'` };
  if ((p.test === "equals" || p.test === "not_equals") && p.value === undefined)
    return { field: ["value"], message: `a value is required for '${p.test}'` };
  if (p.test === "one_of" && (p.values?.length ?? 0) === 0)
    return { field: ["values"], message: "at least one value is required for 'one_of'" };
  if (p.test === "matches") {
    if (!p.value) return { field: ["value"], message: "a regular expression is required" };
    const problem = regexProblem(p.value);
    if (problem) return { field: ["value"], message: problem };
  }
  return undefined;
}

/**
 * The first problem of each wrong constraint against the pattern's live
 * property and role names: unknown columns, missing values, regular
 * expressions that are invalid, too long or need backtracking.
 */
export function constraintProblems(
  constraints: readonly PatternConstraint[],
  columns: ReadonlySet<string>,
): ConstraintProblem[] {
  const out: ConstraintProblem[] = [];
  constraints.forEach((c, index) => {
    if (c.kind === "condition") {
      for (const side of ["when", "require"] as const) {
        const p = predicateProblem(c[side], columns);
        if (p) {
          out.push({ index, field: [side, ...p.field], message: p.message });
          return;
        }
      }
      return;
    }
    if (!columns.has(c.column)) {
      out.push({ index, field: ["column"], message: `unknown column '${c.column}'` });
      return;
    }
    if (c.kind === "regex") {
      const problem = regexProblem(c.pattern);
      if (problem) out.push({ index, field: ["pattern"], message: problem });
    }
  });
  return out;
}
