import type { ColumnDef } from "./ast.ts";
import type { CustomColumn, SqlValue } from "./catalog.ts";
import { nameCharacterProblem } from "../name-characters.ts";
import { SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

/**
 * Rules of @TABLES: custom metadata tables a project defines with CREATE
 * TABLE. Values keep SQLite-like affinity: numeric text in a numeric column
 * becomes a number, a number in a text column becomes text.
 */

const NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const MAX_NAME = 64;
export const MAX_CUSTOM_COLUMNS = 200;

const TYPES: Record<string, string> = {
  TEXT: "string",
  VARCHAR: "string",
  CHAR: "string",
  CLOB: "string",
  STRING: "string",
  NVARCHAR: "string",
  INT: "integer",
  INTEGER: "integer",
  BIGINT: "integer",
  SMALLINT: "integer",
  REAL: "number",
  FLOAT: "number",
  DOUBLE: "number",
  "DOUBLE PRECISION": "number",
  NUMERIC: "number",
  DECIMAL: "number",
  NUMBER: "number",
  BOOLEAN: "boolean",
  BOOL: "boolean",
  DATE: "date",
  DATETIME: "date",
  TIMESTAMP: "date",
};

export function checkCustomName(name: string, what: "table" | "column"): void {
  if (!NAME.test(name) || name.length > MAX_NAME)
    throw new SqlError(
      `'${name}' is not a valid ${what} name: use letters, digits and '_' (at most ${MAX_NAME}), starting with a letter or '_'`,
    );
  // `__proto__` passes the pattern but not the rule for every name (docs/limits.md "Characters of names").
  const problem = nameCharacterProblem(name);
  if (problem !== undefined) throw new SqlError(`Invalid ${what} name: ${problem}`);
}

/** The columns of a CREATE TABLE, checked and with their types normalised. */
export function customColumns(defs: readonly ColumnDef[]): CustomColumn[] {
  if (defs.length > MAX_CUSTOM_COLUMNS)
    throw new SqlError(`A table has at most ${MAX_CUSTOM_COLUMNS} columns`);
  const seen = new Set<string>();
  return defs.map((d) => {
    checkCustomName(d.name, "column");
    const key = asciiUpper(d.name);
    if (seen.has(key)) throw new SqlError(`Column '${d.name}' is defined twice`, d.pos);
    seen.add(key);
    const type = d.type === undefined ? "string" : TYPES[d.type];
    if (!type)
      throw new SqlError(
        `Column '${d.name}': type '${d.type}' is not supported; use TEXT, INTEGER, REAL, NUMERIC, BOOLEAN or DATE`,
        d.pos,
      );
    return { name: d.name, datatype: type };
  });
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A value as a custom column keeps it (null stays null). */
export function coerceCustomValue(column: CustomColumn, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") value = Number(value);
  if (typeof value !== "string" && typeof value !== "number")
    throw new SqlError(`Column '${column.name}': binary values are not supported`);
  switch (column.datatype) {
    case "integer":
    case "number": {
      if (typeof value === "number") return value;
      const t = value.trim();
      const ok = column.datatype === "integer" ? INTEGER.test(t) : NUMBER.test(t);
      return ok && Number.isFinite(Number(t)) ? Number(t) : value;
    }
    case "boolean":
      if (value === 1 || value === 0) return value;
      if (typeof value === "string" && /^(true|false|1|0)$/i.test(value.trim()))
        return /^(true|1)$/i.test(value.trim()) ? 1 : 0;
      return value;
    default:
      return typeof value === "number" ? String(value) : value;
  }
}
