import { BadRequest } from "../errors.ts";
import { POS_NO_COLUMN } from "../instance-header.ts";
import type { MetadataCells } from "./cells.ts";

/**
 * Rows in `@POS_NO` order (stable: equal positions keep their order) with the
 * positions to store. When no row gives `@POS_NO` (the console, bundles
 * without it) the rows keep their order and are numbered 1..n; when some do,
 * each row keeps its own, and a row without one is at 0 (docs/reference/endpoints.md: "0 when
 * missing").
 */
export function orderRows(rows: readonly MetadataCells[]): {
  rows: MetadataCells[];
  positions: number[] | undefined;
} {
  const given = (row: MetadataCells) => {
    const raw = row[POS_NO_COLUMN];
    return raw !== undefined && raw !== null && raw !== "";
  };
  if (!rows.some(given)) return { rows: [...rows], positions: undefined };
  const keyed = rows.map((row, index) => {
    if (!given(row)) return { row, index, pos: 0 };
    const raw = row[POS_NO_COLUMN];
    const pos = Number(raw);
    if (!Number.isInteger(pos))
      throw new BadRequest(`Row ${index + 1}: @POS_NO must be a whole number, not '${raw}'`);
    return { row, index, pos };
  });
  keyed.sort((a, b) => a.pos - b.pos || a.index - b.index);
  return { rows: keyed.map((k) => k.row), positions: keyed.map((k) => k.pos) };
}

/**
 * Rows in `@POS_NO` order without their positions, so that the writer
 * numbers them 1..n: what an SQL INSERT stores, gaps closed
 * (docs/metadata-sql.md, `@POS_NO` 1…n).
 */
export function rowsRenumbered(rows: readonly MetadataCells[]): MetadataCells[] {
  return orderRows(rows).rows.map(({ [POS_NO_COLUMN]: _position, ...cells }) => cells);
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** The positions as stored: the given ones, else 1..n. */
export function storedPositions(positions: readonly number[] | undefined, count: number): number[] {
  return positions ? [...positions] : Array.from({ length: count }, (_, i) => i + 1);
}

/** Stored row texts as cells again, each with its `@POS_NO`, so a rewrite keeps the positions. */
export function storedRowCells(stored: {
  texts: readonly string[];
  positions: readonly number[];
}): MetadataCells[] {
  return stored.texts.map((text, i) => ({
    ...(JSON.parse(text) as MetadataCells),
    [POS_NO_COLUMN]: String(stored.positions[i]),
  }));
}
