/**
 * Column rules of an instance spreadsheet (docs/reference/endpoints.md "POST /api/v1/instances",
 * docs/reference/rules.md §9). Pure: the server's workbook reader hands over cell texts.
 */
import { BadRequest } from "../errors.ts";

/** The system columns, in the order an export writes them. */
export const SYSTEM_COLUMNS = ["INSTANCE", "PATTERN", "PROJECT", "FOLDER", "POS_NO"] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

/** A cell as the reader gives it: its text, or null when empty. */
export type CellText = string | null;

/**
 * The system column a header names, if any. People write them in any case
 * and sometimes with the `@` of the SQL views (`@INSTANCE`), so both match.
 */
export function systemColumnOf(header: string): SystemColumn | undefined {
  const name = header.trim().replace(/^@/, "").toUpperCase();
  return (SYSTEM_COLUMNS as readonly string[]).includes(name) ? (name as SystemColumn) : undefined;
}

/** The header of one sheet: where each system column is, and every other named column. */
export interface SheetHeader {
  system: Partial<Record<SystemColumn, number>>;
  /** Columns that may hold properties or roles: index in the row and trimmed name. */
  data: { index: number; name: string }[];
}

/** Reads a header row; a column named twice is refused, since either copy could be meant. */
export function readHeader(cells: readonly CellText[], sheet: string): SheetHeader {
  const header: SheetHeader = { system: {}, data: [] };
  const seen = new Set<string>();
  cells.forEach((cell, index) => {
    const name = cell?.trim();
    if (!name) return;
    const system = systemColumnOf(name);
    const key = system ?? name.toUpperCase();
    if (seen.has(key))
      throw new BadRequest(`Sheet '${sheet}' has the column '${system ?? name}' more than once`);
    seen.add(key);
    if (system) header.system[system] = index;
    else header.data.push({ index, name });
  });
  return header;
}

/**
 * POS_NO of a line: an integer, 0 when missing or non-numeric (docs/reference/endpoints.md), or
 * null when the cell is empty so a caller can tell "not given" apart.
 */
export function parsePosNo(text: CellText): number | null {
  if (text === null || text.trim() === "") return null;
  const n = Number(text.trim());
  return Number.isInteger(n) ? n : 0;
}

/**
 * Maps sheet column names to the pattern's property and role names: exact
 * names first, else a case-insensitive match. Columns matching neither are
 * not metadata (docs/reference/endpoints.md: "any other column whose name equals an instance
 * property") and are left out.
 */
export function matchDataColumns(
  sheetColumns: readonly string[],
  patternColumns: readonly string[],
): Map<string, string> {
  const exact = new Set(patternColumns);
  const folded = new Map<string, string>();
  for (const name of patternColumns) {
    const key = name.toUpperCase();
    if (!folded.has(key)) folded.set(key, name);
  }
  const out = new Map<string, string>();
  for (const column of sheetColumns) {
    const target = exact.has(column) ? column : folded.get(column.toUpperCase());
    if (target !== undefined) out.set(column, target);
  }
  return out;
}
