/**
 * Pattern constraints as plain types, without zod, so the console can use
 * them at run time (docs/pattern-constraints.md). The zod schema that
 * checks them on the way in is in `pattern-constraints.ts`.
 */

/** How a predicate tests one cell (text as stored; empty = null, "" or blanks). */
export const PREDICATE_TESTS = [
  "empty",
  "not_empty",
  "equals",
  "not_equals",
  "one_of",
  "matches",
] as const;
export type PredicateTest = (typeof PREDICATE_TESTS)[number];

/** A test of one property or role cell of a row. */
export interface CellPredicate {
  column: string;
  test: PredicateTest;
  /** For `equals`, `not_equals` and `matches` (a regular expression). */
  value?: string;
  /** For `one_of`. */
  values?: string[];
}

export const CONSTRAINT_KINDS = ["unique", "one_of", "regex", "condition"] as const;
export type ConstraintKind = (typeof CONSTRAINT_KINDS)[number];

export type PatternConstraint =
  /** No two rows of an instance carry the same non-empty value in `column`. */
  | { kind: "unique"; column: string; ignore_case?: boolean; message?: string }
  /** A non-empty value of `column` is one of `values`. */
  | { kind: "one_of"; column: string; values: string[]; message?: string }
  /** A non-empty value of `column` matches `pattern` (whole value; docs/pattern-constraints.md). */
  | { kind: "regex"; column: string; pattern: string; message?: string }
  /** Every row that passes `when` passes `require`; the error marks `require.column`. */
  | { kind: "condition"; when: CellPredicate; require: CellPredicate; message?: string };

/** Limits of a constraint's texts (docs/pattern-constraints.md). */
export const CONSTRAINT_LIMITS = {
  /** Constraints per pattern. */
  perPattern: 100,
  /** Characters of a regular expression. */
  patternLength: 500,
  /** Values of a `one_of` list. */
  values: 1000,
  /** Characters of a custom message. */
  messageLength: 500,
} as const;
