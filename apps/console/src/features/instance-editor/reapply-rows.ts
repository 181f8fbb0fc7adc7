import type { DraftRow } from "./row-draft.ts";

function same(a: DraftRow, b: DraftRow, columns: readonly string[]): boolean {
  return columns.every((c) => (a.cells[c] ?? "") === (b.cells[c] ?? ""));
}

/**
 * The user's unsaved edits (`mine`, made on `base`) re-applied on top of
 * the newest rows (`theirs`) after someone else saved first
 * (docs/console-instance-writes.md). A base row is found in `theirs` by its
 * cells, else by its first column: removed by the user → removed; edited →
 * the cells the user edited overwrite (theirs stay in the others).
 * Added rows go after the row they followed. An edited row that the other
 * save changed or removed is added again (`kept`), so no edit is lost; the
 * user reviews the result before saving. Moves are not re-applied.
 */
export function reapplyRows(
  base: readonly DraftRow[],
  mine: readonly DraftRow[],
  theirs: readonly DraftRow[],
  columns: readonly string[],
): { draft: DraftRow[]; kept: number } {
  const out = theirs.map((t) => ({ key: t.key, cells: { ...t.cells } }));
  const used = new Set<number>();
  const matched = new Map<string, DraftRow>();
  const match = (fits: (t: DraftRow, b: DraftRow) => boolean) => {
    for (const b of base) {
      if (matched.has(b.key)) continue;
      const at = out.findIndex((t, i) => !used.has(i) && fits(t, b));
      if (at < 0) continue;
      used.add(at);
      matched.set(b.key, out[at] as DraftRow);
    }
  };
  match((t, b) => same(t, b, columns));
  // Then by the first column (usually the row's name): a row the other save edited.
  const first = columns[0];
  if (first !== undefined)
    match((t, b) => (b.cells[first] ?? "") !== "" && t.cells[first] === b.cells[first]);
  const baseByKey = new Map(base.map((b) => [b.key, b]));
  const mineKeys = new Set(mine.map((m) => m.key));
  let draft = out.filter(
    (row) => ![...matched].some(([key, t]) => t === row && !mineKeys.has(key)),
  );
  let kept = 0;
  let anchor: DraftRow | undefined;
  for (const m of mine) {
    const b = baseByKey.get(m.key);
    const target = b ? matched.get(m.key) : undefined;
    const edited = b ? columns.filter((c) => (m.cells[c] ?? "") !== (b.cells[c] ?? "")) : columns;
    if (b && target) {
      for (const c of edited) target.cells[c] = m.cells[c] ?? "";
      anchor = target;
      continue;
    }
    // Unedited, and changed or removed by the other save: theirs stands.
    if (b && edited.length === 0) continue;
    if (b) kept++;
    const row = { key: m.key, cells: { ...m.cells } };
    const at = anchor ? draft.indexOf(anchor) + 1 : 0;
    draft = [...draft.slice(0, at), row, ...draft.slice(at)];
    anchor = row;
  }
  return { draft, kept };
}
