import type { InstanceEditing } from "@metabuild/contract";
import { type DraftRow, draftOf, sameCells } from "./row-draft.ts";

/** The rows being edited and the version they are based on. */
export interface Draft {
  version: number;
  base: DraftRow[];
  rows: DraftRow[];
}

/**
 * The draft to edit: a fresh one of the instance on first load, and again
 * when a newer version arrives (a save, a check-in, a change in another tab)
 * unless the user has rows that version does not hold. Those stay on their
 * version, and saving them merges (the conflict dialog,
 * docs/console-instance-writes.md "Conflicts"). A draft equal to the newer
 * rows is the user's own save coming back. A merge sets its draft before its
 * version arrives here.
 */
export function draftFor(
  draft: Draft | undefined,
  instance: InstanceEditing,
  columns: readonly string[],
): Draft {
  if (draft && draft.version >= instance.version) return draft;
  const base = draftOf(instance.rows, columns);
  const unsaved =
    draft !== undefined &&
    !sameCells(draft.base, draft.rows, columns) &&
    !sameCells(base, draft.rows, columns);
  return draft && unsaved ? draft : { version: instance.version, base, rows: base };
}
