import {
  type InstanceFlags,
  type InstanceState,
  type MetadataCells,
  cellOf,
} from "@metabuild/core";

/** Changed cells listed per event at most; the version history has the rest (docs/audit-log.md). */
export const AUDIT_CELLS_MAX = 20;

type Side = Record<string, unknown>;

/**
 * The compact before → after of an instance change: only the fields that
 * changed; rows as their count and the changed cells (`"row 2 COLUMN"`),
 * at most AUDIT_CELLS_MAX of them, then a count of the others.
 */
export function instanceChange(before: InstanceState, after: InstanceState) {
  const b: Side = {};
  const a: Side = {};
  if (before.description !== after.description) {
    b.description = before.description;
    a.description = after.description;
  }
  if (before.release_id !== after.release_id) {
    b.release_id = before.release_id;
    a.release_id = after.release_id;
  }
  if (before.labels.join("\n") !== after.labels.join("\n")) {
    b.labels = before.labels;
    a.labels = after.labels;
  }
  for (const flag of Object.keys(after.flags) as (keyof InstanceFlags)[])
    if (before.flags[flag] !== after.flags[flag]) {
      b[flag] = before.flags[flag];
      a[flag] = after.flags[flag];
    }
  rowChanges(before.rows, after.rows, b, a);
  return { before: b, after: a };
}

function rowChanges(before: MetadataCells[], after: MetadataCells[], b: Side, a: Side): void {
  if (before.length !== after.length) {
    b.rows = before.length;
    a.rows = after.length;
  }
  let listed = 0;
  let more = 0;
  const count = Math.max(before.length, after.length);
  for (let i = 0; i < count; i++) {
    const from = before[i] ?? {};
    const to = after[i] ?? {};
    for (const column of new Set([...Object.keys(from), ...Object.keys(to)])) {
      const x = cellOf(from, column) ?? null;
      const y = cellOf(to, column) ?? null;
      if (x === y) continue;
      if (listed >= AUDIT_CELLS_MAX) {
        more++;
        continue;
      }
      listed++;
      b[`row ${i + 1} ${column}`] = x;
      a[`row ${i + 1} ${column}`] = y;
    }
  }
  if (more > 0) a.more_cells_changed = more;
}

/** The action of an instance change: a deletion and its undoing are named as such. */
export function instanceAction(before: InstanceState, after: InstanceState): string {
  if (after.flags.deleted && !before.flags.deleted) return "instance.delete";
  if (!after.flags.deleted && before.flags.deleted) return "instance.undelete";
  return "instance.update";
}
