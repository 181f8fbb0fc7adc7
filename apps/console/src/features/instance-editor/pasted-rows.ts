import { type DraftRow, addRow } from "./row-draft.ts";

/**
 * Rows copied from a spreadsheet (Excel, LibreOffice, Google Sheets put
 * tab-separated text on the clipboard) into the editor's draft. A first line
 * whose every cell names a column is a header: cells go to the columns it
 * names, in any order. Otherwise cells go to the columns in their order.
 */
export interface PastedRows {
  draft: DraftRow[];
  /** Keys of the added rows, in order. */
  keys: string[];
  /** Cells beyond the last column, or under a header cell naming no column: left out. */
  ignored: number;
}

/**
 * Splits clipboard text into lines of cells. Spreadsheets quote a cell that
 * holds a tab, a line break or a quote ("a""b"); such a cell may span lines.
 */
export function parseTabular(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let i = 0;
  const src = text.replace(/\r\n?/g, "\n");
  while (i < src.length) {
    const ch = src[i];
    if (cell === "" && ch === '"') {
      // A quoted cell runs to the quote not doubled.
      let j = i + 1;
      let value = "";
      while (j < src.length) {
        if (src[j] === '"' && src[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (src[j] === '"') break;
        else value += src[j++];
      }
      const next = src[j + 1];
      if (j < src.length && (next === undefined || next === "\t" || next === "\n")) {
        cell = value;
        i = j + 1;
        continue;
      }
      // Not a well-formed quoted cell: take the quote literally.
    }
    if (ch === "\t") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n") {
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = "";
    } else cell += ch;
    i += 1;
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    lines.push(cells);
  }
  // Blank lines (a trailing line break, an empty row) carry nothing.
  return lines.filter((l) => l.some((c) => c.trim() !== ""));
}

/** Adds the pasted rows below `after` (at the end when not given). */
export function pasteRows(
  draft: readonly DraftRow[],
  columns: readonly string[],
  text: string,
  after?: string,
): PastedRows {
  const lines = parseTabular(text);
  const byName = new Map(columns.map((c) => [c.toUpperCase(), c]));
  const first = lines[0];
  const header = first?.every((c) => c.trim() === "" || byName.has(c.trim().toUpperCase()))
    ? first
    : undefined;
  const targets: (string | undefined)[] = header
    ? header.map((c) => byName.get(c.trim().toUpperCase()))
    : [...columns];
  let next = [...draft];
  const keys: string[] = [];
  let ignored = 0;
  let at = after;
  for (const line of header ? lines.slice(1) : lines) {
    const added = addRow(next, columns, at);
    const row = added.draft.find((r) => r.key === added.key) as DraftRow;
    line.forEach((value, k) => {
      const column = targets[k];
      if (column) row.cells[column] = value.trim();
      else if (value.trim() !== "") ignored += 1;
    });
    next = added.draft;
    keys.push(added.key);
    at = added.key;
  }
  return { draft: next, keys, ignored };
}

/** What a paste did, for the status line. */
export function pastedNotice(added: number, ignored: number): string {
  const rows = `Added ${added} ${added === 1 ? "row" : "rows"} from the clipboard`;
  return ignored === 0
    ? rows
    : `${rows}; ${ignored} ${ignored === 1 ? "cell" : "cells"} outside the columns left out`;
}
