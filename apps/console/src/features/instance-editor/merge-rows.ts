import type { DraftRow } from "./row-draft.ts";

/** Which side's value a conflict takes. */
export type Side = "theirs" | "mine";

/**
 * Something both sides changed differently since the base version: a cell
 * (`column` set), or a row one side removed while the other edited it
 * (`column` null; `theirs`/`mine` are the row's cells as text, null where
 * that side removed it).
 */
export interface MergeConflict {
  /** The merged row it is about. */
  key: string;
  column: string | null;
  /** The row's position (1-based) and first cell in the base version, to name it. */
  row: number;
  label: string;
  base: string;
  theirs: string | null;
  mine: string | null;
}

/**
 * Every row the result may hold (a cell in conflict holds theirs until
 * chosen; a row in conflict is there until the removing side is chosen), the
 * conflicts, and how many changes of each side merged without asking.
 */
export interface RowsMerge {
  rows: DraftRow[];
  conflicts: MergeConflict[];
  merged: { theirs: number; mine: number };
}

const text = (row: DraftRow, column: string) => row.cells[column] ?? "";

function same(a: DraftRow, b: DraftRow, columns: readonly string[]): boolean {
  return columns.every((c) => text(a, c) === text(b, c));
}

/** A row's non-empty cells as `COLUMN=value`, to show a whole row in one table cell. */
export function rowText(row: DraftRow, columns: readonly string[]): string {
  return columns
    .filter((c) => text(row, c) !== "")
    .map((c) => `${c}=${text(row, c)}`)
    .join(", ");
}

/**
 * Finds each base row in `theirs` (rows have no stored identity): first an
 * identical row, then one with the same first cell (usually the row's name),
 * each taken once and in order. A row whose first cell they changed as well
 * counts as removed and added by them.
 */
function matchTheirs(
  base: readonly DraftRow[],
  theirs: readonly DraftRow[],
  columns: readonly string[],
): Map<string, DraftRow> {
  const taken = new Set<DraftRow>();
  const matched = new Map<string, DraftRow>();
  const pass = (fits: (t: DraftRow, b: DraftRow) => boolean) => {
    for (const b of base) {
      if (matched.has(b.key)) continue;
      const t = theirs.find((row) => !taken.has(row) && fits(row, b));
      if (!t) continue;
      taken.add(t);
      matched.set(b.key, t);
    }
  };
  pass((t, b) => same(t, b, columns));
  const first = columns[0];
  if (first !== undefined)
    pass((t, b) => text(b, first) !== "" && text(t, first) === text(b, first));
  return matched;
}

/**
 * Three-way merge of the editor's rows after someone saved first
 * (docs/console-instance-writes.md "Conflicts"): `base` is the version the
 * user started from, `mine` the user's draft of it (rows keep their keys, so
 * each of mine is known to be a base row or an added one), `theirs` the
 * newest version. A cell changed on one side only (or to the same value on
 * both) takes that change; a cell changed differently on both sides is a
 * conflict. Rows either side added stay (the user's after the row they
 * followed); a row removed on one side and untouched on the other goes; one
 * removed on one side and edited on the other is a conflict of the row.
 * The order is theirs; moves of the user's are not applied.
 */
export function mergeRows(
  base: readonly DraftRow[],
  mine: readonly DraftRow[],
  theirs: readonly DraftRow[],
  columns: readonly string[],
): RowsMerge {
  const inTheirs = matchTheirs(base, theirs, columns);
  const mineByKey = new Map(mine.map((m) => [m.key, m]));
  const baseByKey = new Map(base.map((b, i) => [b.key, { row: b, at: i + 1 }]));
  const rows: DraftRow[] = theirs.map((t) => ({ key: t.key, cells: { ...t.cells } }));
  const outOf = new Map(theirs.map((t, i) => [t, rows[i] as DraftRow]));
  const conflicts: MergeConflict[] = [];
  const merged = { theirs: 0, mine: 0 };
  const first = columns[0];
  const name = (b: DraftRow, at: number) => ({
    row: at,
    label: first === undefined ? "" : text(b, first),
  });
  const removed = new Set<DraftRow>();

  base.forEach((b, i) => {
    const t = inTheirs.get(b.key);
    const m = mineByKey.get(b.key);
    const out = t ? outOf.get(t) : undefined;
    if (t && out && m) {
      for (const c of columns) {
        const [was, their, my] = [text(b, c), text(t, c), text(m, c)];
        if (my === was || my === their) {
          if (their !== was) merged.theirs++;
        } else if (their === was) {
          out.cells[c] = my;
          merged.mine++;
        } else {
          conflicts.push({
            key: out.key,
            column: c,
            ...name(b, i + 1),
            base: was,
            theirs: their,
            mine: my,
          });
        }
      }
    } else if (t && out) {
      // Removed by the user: gone unless they edited it meanwhile.
      if (same(t, b, columns)) removed.add(out);
      else
        conflicts.push({
          key: out.key,
          column: null,
          ...name(b, i + 1),
          base: rowText(b, columns),
          theirs: rowText(t, columns),
          mine: null,
        });
    }
  });

  // The user's rows in their order: added rows (and edited rows they removed)
  // go after the row they followed in the user's draft.
  let result = rows.filter((r) => !removed.has(r));
  let anchor: DraftRow | undefined;
  for (const m of mine) {
    const from = baseByKey.get(m.key);
    const t = from ? inTheirs.get(m.key) : undefined;
    if (t) {
      anchor = outOf.get(t);
      continue;
    }
    if (from && same(m, from.row, columns)) continue;
    const row = { key: m.key, cells: { ...m.cells } };
    if (from)
      conflicts.push({
        key: row.key,
        column: null,
        ...name(from.row, from.at),
        base: rowText(from.row, columns),
        theirs: null,
        mine: rowText(m, columns),
      });
    else merged.mine++;
    const at = anchor ? result.indexOf(anchor) + 1 : 0;
    result = [...result.slice(0, at), row, ...result.slice(at)];
    anchor = row;
  }
  conflicts.sort((a, b) => a.row - b.row);
  return { rows: result, conflicts, merged };
}

/** The rows to save once each conflict has its side (`choices[i]` for `conflicts[i]`). */
export function resolveMerge(merge: RowsMerge, choices: readonly Side[]): DraftRow[] {
  const rows = new Map(merge.rows.map((r) => [r.key, { key: r.key, cells: { ...r.cells } }]));
  merge.conflicts.forEach((conflict, i) => {
    const value = choices[i] === "mine" ? conflict.mine : conflict.theirs;
    const row = rows.get(conflict.key);
    if (!row) return;
    if (conflict.column === null) {
      if (value === null) rows.delete(conflict.key);
    } else row.cells[conflict.column] = value ?? "";
  });
  return [...rows.values()];
}
