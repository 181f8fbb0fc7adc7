/**
 * A file's lines as the rows of a custom table (docs/metadata-tables.md
 * "Loading"): the first non-empty line names the columns, each column's
 * type is stated or inferred from its values, and every value is checked
 * against its type and the limits before anything is written. Pure.
 */
import {
  type CustomColumn,
  type SqlValue,
  type WriteLimits,
  asciiUpper,
} from "@metabuild/contract";
import { BadRequest, PayloadTooLarge } from "../errors.ts";
import { MAX_CUSTOM_COLUMNS, checkCustomName } from "../sql/custom-tables.ts";
import { SqlError } from "../sql/sql-error.ts";
import { matchesDatatype } from "../validation.ts";

/** The datatypes of custom table columns, in the order inference tries them. */
export const TABLE_DATATYPES = ["integer", "number", "boolean", "date", "string"] as const;
export type TableDatatype = (typeof TABLE_DATATYPES)[number];

const INTEGER = /^[+-]?\d+$/;
const BOOLEAN = /^(true|false)$/i;
const BOOLEAN_VALUE = /^(true|false|yes|no|1|0)$/i;

/** Whether a (trimmed, non-empty) text fits a type as loading reads it. */
function fits(type: TableDatatype, text: string): boolean {
  switch (type) {
    case "integer":
      return INTEGER.test(text) && Number.isSafeInteger(Number(text));
    case "number":
      return matchesDatatype("number", text) && Number.isFinite(Number(text));
    case "boolean":
      return BOOLEAN_VALUE.test(text);
    case "date":
      return matchesDatatype("date", text);
    case "string":
      return true;
  }
}

const EXPECTED: Record<TableDatatype, string> = {
  integer: "a whole number",
  number: "a number",
  boolean: "a boolean (true/false, yes/no, 1/0)",
  date: "a date (YYYY-MM-DD)",
  string: "text",
};

/**
 * The narrowest type all values fit: integer, number, boolean (only
 * `true`/`false`: 1/0 read as integers), date, else string. A column
 * without values is a string.
 */
export function inferDatatype(values: Iterable<string | null>): TableDatatype {
  let candidates: TableDatatype[] = ["integer", "number", "boolean", "date"];
  let any = false;
  const passes = (t: TableDatatype, text: string) =>
    t === "boolean" ? BOOLEAN.test(text) : fits(t, text);
  for (const raw of values) {
    if (raw === null) continue;
    const text = raw.trim();
    if (text === "") continue;
    any = true;
    // Most values fit every remaining candidate: allocate only when one drops out.
    if (!candidates.every((t) => passes(t, text))) {
      candidates = candidates.filter((t) => passes(t, text));
      if (candidates.length === 0) return "string";
    }
  }
  return any ? (candidates[0] ?? "string") : "string";
}

/** A value as the column keeps it: numbers as numbers, booleans as 1/0, text as given. */
function stored(type: TableDatatype, raw: string): SqlValue {
  const text = raw.trim();
  switch (type) {
    case "integer":
    case "number":
      return Number(text);
    case "boolean":
      return /^(true|yes|1)$/i.test(text) ? 1 : 0;
    case "date":
      return text;
    case "string":
      return raw;
  }
}

/** `name:type,name:type` (the `types` parameter) as a map; 400 naming a bad entry. */
export function parseStatedTypes(text: string | undefined): Map<string, TableDatatype> {
  const out = new Map<string, TableDatatype>();
  if (text === undefined || text.trim() === "") return out;
  for (const entry of text.split(",")) {
    const [name, type, ...rest] = entry.split(":").map((s) => s.trim());
    const t = type?.toLowerCase() as TableDatatype | undefined;
    if (!name || !t || rest.length > 0 || !TABLE_DATATYPES.includes(t))
      throw new BadRequest(
        `Invalid value for 'types': '${entry.trim()}' must be <column>:<type> with a type of ${TABLE_DATATYPES.join(", ")}`,
      );
    out.set(asciiUpper(name), t);
  }
  return out;
}

export interface TableLoadPlan {
  columns: CustomColumn[];
  rows: Record<string, SqlValue>[];
}

/** Reads lines one by one (CSV or a sheet), then types and checks them in `finish`. */
export class TableLoadBuilder {
  private header: string[] | undefined;
  private readonly lines: { line: number; cells: (string | null)[] }[] = [];
  private characters = 0;

  constructor(private readonly limits: Pick<WriteLimits, "valueLength" | "uploadCharacters">) {}

  /** One line of the file (1-based number as people see it); the first non-empty one is the header. */
  addLine(line: number, cells: readonly (string | null)[]): void {
    if (cells.every((c) => c === null || c.trim() === "")) return;
    if (!this.header) {
      this.header = readTableHeader(cells);
      return;
    }
    const width = this.header.length;
    // Trailing empty cells (a sheet's formatting, a trailing delimiter) are no values.
    let end = cells.length;
    while (end > width && (cells[end - 1] === null || cells[end - 1]?.trim() === "")) end--;
    if (end > width)
      throw new BadRequest(`Line ${line} has ${end} values but the header names ${width} columns`);
    const row: (string | null)[] = [];
    for (let k = 0; k < width; k++) {
      const cell = cells[k] ?? null;
      const value = cell === null || cell.trim() === "" ? null : cell;
      if (value !== null) {
        if (value.length > this.limits.valueLength)
          throw new BadRequest(
            `Line ${line}, column ${this.header[k]}: Invalid value: must be at most ${this.limits.valueLength} characters (it has ${value.length})`,
          );
        this.characters += value.length;
      }
      row.push(value);
    }
    if (this.characters > this.limits.uploadCharacters)
      throw new PayloadTooLarge(
        `The file holds more than ${this.limits.uploadCharacters} characters of values (METABUILD_UPLOAD_MAX_CHARACTERS)`,
      );
    this.lines.push({ line, cells: row });
  }

  /** The header's names, once read (undefined before). */
  get names(): readonly string[] | undefined {
    return this.header;
  }

  /**
   * Columns typed as `stated` says (by name, any case), else as
   * `existing` has them (append), else inferred; then every value checked.
   */
  finish(
    stated: ReadonlyMap<string, TableDatatype>,
    existing?: readonly CustomColumn[],
  ): TableLoadPlan {
    const header = this.header;
    if (!header) throw new BadRequest("The file is empty: its first line must name the columns");
    for (const name of stated.keys())
      if (!header.some((h) => asciiUpper(h) === name))
        throw new BadRequest(
          `Invalid value for 'types': the file has no column '${name}'; its columns are ${header.join(", ")}`,
        );
    const columns: CustomColumn[] = header.map((name, k) => {
      const fromTable = existing?.find((c) => asciiUpper(c.name) === asciiUpper(name));
      const type =
        stated.get(asciiUpper(name)) ??
        (fromTable?.datatype as TableDatatype | undefined) ??
        inferDatatype(this.lines.map((l) => l.cells[k] ?? null));
      return { name: fromTable?.name ?? name, datatype: type };
    });
    const rows = this.lines.map(({ line, cells }) => {
      const row: Record<string, SqlValue> = {};
      columns.forEach((c, k) => {
        const raw = cells[k] ?? null;
        const type = (TABLE_DATATYPES as readonly string[]).includes(c.datatype)
          ? (c.datatype as TableDatatype)
          : "string";
        if (raw === null) {
          row[c.name] = null;
          return;
        }
        if (type !== "string" && !fits(type, raw.trim()))
          throw new BadRequest(
            `Line ${line}, column ${c.name}: '${raw}' is not ${EXPECTED[type]} (the column's type is ${type})`,
          );
        row[c.name] = stored(type, raw);
      });
      return row;
    });
    return { columns, rows };
  }
}

/** Column names from the header cells: valid custom names, none twice (any case). */
export function readTableHeader(cells: readonly (string | null)[]): string[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] === null || cells[end - 1]?.trim() === "")) end--;
  if (end > MAX_CUSTOM_COLUMNS)
    throw new BadRequest(
      `The header names ${end} columns; a table has at most ${MAX_CUSTOM_COLUMNS}`,
    );
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (let k = 0; k < end; k++) {
    const name = cells[k]?.trim() ?? "";
    if (name === "") throw new BadRequest(`Column ${k + 1} of the header has no name`);
    try {
      checkCustomName(name, "column");
    } catch (e) {
      if (e instanceof SqlError) throw new BadRequest(`Column ${k + 1}: ${e.message}`);
      throw e;
    }
    const key = asciiUpper(name);
    const first = seen.get(key);
    if (first !== undefined)
      throw new BadRequest(
        `Column ${k + 1}: '${name}' is named twice (also column ${first + 1}); column names must differ`,
      );
    seen.set(key, k);
    names.push(name);
  }
  return names;
}

/** The table name of a load; 400 naming `name` when it is no valid custom name. */
export function checkTableName(name: string): string {
  try {
    checkCustomName(name, "table");
  } catch (e) {
    if (e instanceof SqlError) throw new BadRequest(`Invalid value for 'name': ${e.message}`);
    throw e;
  }
  return name;
}

/**
 * The columns an append must match: the table's, the same names in any
 * order and case; 400 naming what is missing or extra.
 */
export function checkAppendColumns(
  table: readonly CustomColumn[],
  header: readonly string[],
): void {
  const have = new Set(header.map(asciiUpper));
  const want = new Set(table.map((c) => asciiUpper(c.name)));
  const missing = table.filter((c) => !have.has(asciiUpper(c.name))).map((c) => c.name);
  const extra = header.filter((h) => !want.has(asciiUpper(h)));
  if (missing.length > 0 || extra.length > 0)
    throw new BadRequest(
      `The file's columns do not match the table's (${table.map((c) => c.name).join(", ")}) for mode append:${missing.length > 0 ? ` missing ${missing.join(", ")};` : ""}${extra.length > 0 ? ` not in the table ${extra.join(", ")};` : ""} load with mode replace to change the columns`,
    );
}
