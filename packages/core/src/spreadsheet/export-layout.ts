/**
 * Layout of exported instance workbooks (docs/reference/rules.md §9): one sheet per
 * pattern with INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then the
 * pattern's property and role columns. Uploading the file again with
 * `overwrite` gives back the same instances, so the layout is exactly what
 * the upload's column rules read.
 */
import { POS_NO_COLUMN } from "../instance-header.ts";
import { cellOf } from "../instance-model/cells.ts";
import { SYSTEM_COLUMNS } from "./columns.ts";

export type ExportCell = string | number | null;

export interface ExportedInstance {
  name: string;
  pattern: string;
  project: string;
  folder: string;
  /** Rows keyed by the instance header (`@POS_NO`, properties, roles), in order. */
  rows: readonly Record<string, ExportCell>[];
}

/** The sheet's column titles for a pattern whose instance header is `header`. */
export function exportColumns(header: readonly string[]): string[] {
  return [...SYSTEM_COLUMNS, ...header.filter((h) => h !== POS_NO_COLUMN)];
}

/**
 * The sheet lines of one instance. An instance without rows still gets one
 * line (empty POS_NO, empty cells), so it is not lost on the way back.
 */
export function exportLines(header: readonly string[], instance: ExportedInstance): ExportCell[][] {
  const data = header.filter((h) => h !== POS_NO_COLUMN);
  const lead = [instance.name, instance.pattern, instance.project, instance.folder];
  if (instance.rows.length === 0) return [[...lead, null, ...data.map(() => null)]];
  return instance.rows.map((row) => [
    ...lead,
    row[POS_NO_COLUMN] ?? 0,
    ...data.map((name) => {
      const v = cellOf(row, name);
      // Written as text: "007" or "1.50" must come back unchanged.
      return v === undefined || v === null ? null : String(v);
    }),
  ]);
}

const MAX_SHEET_NAME = 31;

/**
 * Sheet names for patterns: Excel forbids `: \ / ? * [ ]`, caps names at 31
 * characters and compares them case-insensitively, so clashes get a suffix.
 * The upload reads the PATTERN column, never the sheet name.
 */
export function sheetNamesFor(patterns: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const pattern of patterns) {
    const base =
      pattern
        .replace(/[:\\/?*[\]]/g, "_")
        .replace(/^'+|'+$/g, "")
        .slice(0, MAX_SHEET_NAME) || "Sheet";
    let name = base;
    for (let n = 2; taken.has(name.toUpperCase()); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, MAX_SHEET_NAME - suffix.length) + suffix;
    }
    taken.add(name.toUpperCase());
    out.set(pattern, name);
  }
  return out;
}
