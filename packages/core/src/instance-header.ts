/**
 * The column layout of an instance's metadata (docs/reference/rules.md §4): `@POS_NO`,
 * then the pattern's non-deleted properties by `pos_no`, then its non-deleted
 * functional roles by `pos_no`. The detail form, exports and rendering all
 * present rows this way.
 */
import { cellOf } from "./instance-model/cells.ts";

export const POS_NO_COLUMN = "@POS_NO";

export interface HeaderColumn {
  name: string;
  posNo: number;
  deleted?: boolean | number;
}

/** A stored metadata row: its position and its cells keyed by property/role name. */
export interface StoredRow {
  posNo: number;
  data: Record<string, unknown>;
}

export type HeaderRow = Record<string, string | number | null>;

function ordered(columns: readonly HeaderColumn[]): string[] {
  return columns
    .filter((c) => !c.deleted)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.posNo - b.c.posNo || a.i - b.i)
    .map(({ c }) => c.name);
}

export function instanceHeader(
  properties: readonly HeaderColumn[],
  roles: readonly HeaderColumn[],
): string[] {
  return headerOfOrdered(ordered(properties), ordered(roles));
}

/** `instanceHeader` of live names already in `pos_no` order (a statement sorted them). */
export function headerOfOrdered(properties: readonly string[], roles: readonly string[]): string[] {
  return [POS_NO_COLUMN, ...properties, ...roles];
}

/**
 * Rows in `@POS_NO` order, each keyed by exactly the header's names: cells of
 * columns the row lacks are null, cells of columns no longer in the header are
 * left out.
 */
export function rowsByHeader(header: readonly string[], rows: readonly StoredRow[]): HeaderRow[] {
  return [...rows]
    .sort((a, b) => a.posNo - b.posNo)
    .map((row) => {
      const out: HeaderRow = {};
      for (const name of header) {
        if (name === POS_NO_COLUMN) {
          out[name] = row.posNo;
          continue;
        }
        const v = cellOf(row.data, name);
        out[name] = v === undefined || v === null ? null : typeof v === "number" ? v : String(v);
      }
      return out;
    });
}
