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
import { nextTurn } from "../next-turn.ts";
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
 * The narrowest type a column's values fit, seen one value at a time:
 * integer, number, boolean (only `true`/`false`: 1/0 read as integers),
 * date, else string. A column without values is a string.
 */
class TypeGuess {
  private candidates: TableDatatype[] = ["integer", "number", "boolean", "date"];
  private any = false;

  see(raw: string | null): void {
    if (raw === null || this.candidates.length === 0) return;
    const text = raw.trim();
    if (text === "") return;
    this.any = true;
    const passes = (t: TableDatatype) => (t === "boolean" ? BOOLEAN.test(text) : fits(t, text));
    // Most values fit every remaining candidate: allocate only when one drops out.
    if (!this.candidates.every(passes)) this.candidates = this.candidates.filter(passes);
  }

  get type(): TableDatatype {
    return this.any ? (this.candidates[0] ?? "string") : "string";
  }
}

/** The narrowest type all values fit (TypeGuess). */
export function inferDatatype(values: Iterable<string | null>): TableDatatype {
  const guess = new TypeGuess();
  for (const raw of values) guess.see(raw);
  return guess.type;
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

/** Lines typed and checked between two turns of the event loop (docs/limits.md "Cost of one request"). */
const LINES_PER_TURN = 250;

/** Reads lines one by one (CSV or a sheet), then types and checks them in `finish`. */
export class TableLoadBuilder {
  private header: string[] | undefined;
  private readonly lines: { line: number; cells: (string | null)[] }[] = [];
  private characters = 0;

  /** `maxRows`: lines one load may bring (METABUILD_SQL_MAX_ROWS, as a metadata SQL write). */
  constructor(
    private readonly limits: Pick<WriteLimits, "valueLength" | "uploadCharacters">,
    private readonly maxRows = Number.POSITIVE_INFINITY,
  ) {}

  /** One line of the file (1-based number as people see it); the first non-empty one is the header. */
  addLine(line: number, cells: readonly (string | null)[]): void {
    if (cells.every((c) => c === null || c.trim() === "")) return;
    if (!this.header) {
      this.header = readTableHeader(cells);
      return;
    }
    if (this.lines.length >= this.maxRows)
      throw new PayloadTooLarge(
        `The file has more than ${this.maxRows} rows (METABUILD_SQL_MAX_ROWS); load it in parts with mode append`,
      );
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
   * Works LINES_PER_TURN lines at a time, letting other requests in between.
   */
  async finish(
    stated: ReadonlyMap<string, TableDatatype>,
    existing?: readonly CustomColumn[],
  ): Promise<TableLoadPlan> {
    const header = this.header;
    if (!header) throw new BadRequest("The file is empty: its first line must name the columns");
    for (const name of stated.keys())
      if (!header.some((h) => asciiUpper(h) === name))
        throw new BadRequest(
          `Invalid value for 'types': the file has no column '${name}'; its columns are ${header.join(", ")}`,
        );
    const given = header.map(
      (name) =>
        existing?.find((c) => asciiUpper(c.name) === asciiUpper(name)) ??
        stated.get(asciiUpper(name)),
    );
    const guesses = given.map((g) => (g === undefined ? new TypeGuess() : undefined));
    await this.inTurns(({ cells }) => {
      for (const [k, guess] of guesses.entries()) guess?.see(cells[k] ?? null);
    });
    const columns: CustomColumn[] = header.map((name, k) => {
      const g = given[k];
      const stateType = stated.get(asciiUpper(name));
      if (typeof g === "object") return { name: g.name, datatype: stateType ?? g.datatype };
      return { name, datatype: g ?? (guesses[k] as TypeGuess).type };
    });
    const types = columns.map((c) =>
      (TABLE_DATATYPES as readonly string[]).includes(c.datatype)
        ? (c.datatype as TableDatatype)
        : "string",
    );
    const rows: Record<string, SqlValue>[] = [];
    await this.inTurns(({ line, cells }) => {
      const row: Record<string, SqlValue> = {};
      columns.forEach((c, k) => {
        const raw = cells[k] ?? null;
        const type = types[k] as TableDatatype;
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
      rows.push(row);
    });
    return { columns, rows };
  }

  /** Calls `each` for every line, a turn of the event loop after each LINES_PER_TURN. */
  private async inTurns(
    each: (line: { line: number; cells: (string | null)[] }) => void,
  ): Promise<void> {
    for (const [i, line] of this.lines.entries()) {
      if (i > 0 && i % LINES_PER_TURN === 0) await nextTurn();
      each(line);
    }
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
