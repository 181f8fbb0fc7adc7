import type { InstanceRowValues } from "@metabuild/contract";

/**
 * The rows being edited: each keeps a stable key (the grid's row id) while it
 * moves, and its cells as text ("" = empty). Pure functions, so the page's
 * row actions are tested without a browser.
 */
export interface DraftRow {
  key: string;
  cells: Record<string, string>;
}

let counter = 0;
function nextKey(): string {
  counter += 1;
  return `row-${counter}`;
}

function cellText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/** Draft rows from the server's rows, keeping only the editable columns. */
export function draftOf(
  rows: readonly InstanceRowValues[],
  columns: readonly string[],
): DraftRow[] {
  return rows.map((row) => ({
    key: nextKey(),
    cells: Object.fromEntries(columns.map((c) => [c, cellText(row[c])])),
  }));
}

/** The rows as the save and validate calls take them: array order, empty cells as null. */
export function rowsOf(
  draft: readonly DraftRow[],
  columns: readonly string[],
): Record<string, string | null>[] {
  return draft.map((row) =>
    Object.fromEntries(
      columns.map((c) => {
        const v = row.cells[c] ?? "";
        return [c, v === "" ? null : v];
      }),
    ),
  );
}

/** Whether two drafts hold the same cells in the same order (keys do not matter). */
export function sameCells(
  a: readonly DraftRow[],
  b: readonly DraftRow[],
  columns: readonly string[],
): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) => columns.every((c) => (row.cells[c] ?? "") === (b[i].cells[c] ?? "")))
  );
}

/** A new empty row below `after` (at the end when not given); answers the draft and its key. */
export function addRow(
  draft: readonly DraftRow[],
  columns: readonly string[],
  after?: string,
): { draft: DraftRow[]; key: string } {
  const row: DraftRow = { key: nextKey(), cells: Object.fromEntries(columns.map((c) => [c, ""])) };
  const at = after === undefined ? -1 : draft.findIndex((r) => r.key === after);
  const next = [...draft];
  next.splice(at < 0 ? next.length : at + 1, 0, row);
  return { draft: next, key: row.key };
}

export function removeRow(draft: readonly DraftRow[], key: string): DraftRow[] {
  return draft.filter((r) => r.key !== key);
}

/** Moves a row up (-1) or down (+1); unchanged at either end. */
export function moveRow(draft: readonly DraftRow[], key: string, by: -1 | 1): DraftRow[] {
  const at = draft.findIndex((r) => r.key === key);
  const to = at + by;
  if (at < 0 || to < 0 || to >= draft.length) return [...draft];
  const next = [...draft];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

export function setCell(
  draft: readonly DraftRow[],
  key: string,
  column: string,
  value: string,
): DraftRow[] {
  return draft.map((r) => (r.key === key ? { ...r, cells: { ...r.cells, [column]: value } } : r));
}
