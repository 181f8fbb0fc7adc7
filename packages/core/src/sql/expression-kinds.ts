import type { Expr } from "./ast.ts";
import { SqlError } from "./sql-error.ts";

// What kind of value an expression is, for the emitter (docs/metadata-sql.md).

/** Comparisons, where SQLite applies a numeric column's affinity to a text operand. */
export const COMPARISON = new Set(["=", "==", "!=", "<>", "<", "<=", ">", ">="]);
/** The column types (property and custom-table datatypes) SQLite would give numeric affinity. */
export const NUMERIC_TYPE = /^(integer|number)$/i;
/** Text that numeric affinity turns into a number: a well-formed literal, spaces around allowed. */
export const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** Expressions whose value is a condition (a boolean on PostgreSQL). */
export function isCondition(e: Expr): boolean {
  switch (e.kind) {
    case "is":
    case "like":
    case "between":
    case "in":
    case "exists":
      return true;
    case "unary":
      return e.op === "NOT";
    case "binary":
      return COMPARISON.has(e.op) || e.op === "AND" || e.op === "OR";
    default:
      return false;
  }
}

/** A number's text, re-checked before it is written into the SQL. */
export function numberText(raw: string): string {
  if (!/^(0[xX][0-9A-Fa-f]+|(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?)$/.test(raw))
    throw new SqlError(`Malformed number '${raw}'`);
  return raw;
}
