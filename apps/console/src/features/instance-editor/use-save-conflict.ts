import { type InstanceEditing, InstanceVersionConflict } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../lib/api-client.ts";
import { fetchInstanceEditing, instanceEditingQueryOptions } from "./api/get-instance-editing.ts";
import { type RowsMerge, type Side, mergeRows, resolveMerge } from "./merge-rows.ts";
import type { Draft } from "./draft-version.ts";
import { type DraftRow, draftOf } from "./row-draft.ts";

export type { Draft };

/** A save answered 409: who saved which version, and (once loaded) the merge with it. */
export interface SaveConflict {
  /** The version the user's changes are based on. */
  from: number;
  version: number | undefined;
  /** "you (in another tab or session)", an e-mail, or "the system (an import)". */
  by: string;
  newest?: InstanceEditing;
  merge?: RowsMerge;
  /** Whether the user may save the merge right away (they still hold the checkout). */
  canSave: boolean;
}

export function savedBy(data: unknown, me: number | undefined): { version?: number; by: string } {
  const parsed = InstanceVersionConflict.safeParse(data);
  if (!parsed.success) return { by: "someone else" };
  const { version, user, user_id } = parsed.data;
  const by =
    user_id !== null && user_id === me
      ? "you (in another tab or session)"
      : (user ?? "the system (an import)");
  return { version, by };
}

/**
 * A save answered 409 (someone saved first): loads the newest version and
 * merges the user's draft with it cell by cell (`mergeRows`) for the
 * conflict dialog; the user's choices give the rows to save against the new
 * version (docs/console-instance-writes.md "Conflicts").
 */
export function useSaveConflict(options: {
  id: number;
  columns: readonly string[];
  me: number | undefined;
  /** The draft as this render shows it (the one a failed save sent). */
  draft: Draft;
  setDraft: (draft: Draft) => void;
  setNotice: (notice: string | undefined) => void;
  save: (rows: DraftRow[], version: number) => Promise<void>;
}) {
  const { id, columns, me, setDraft, setNotice } = options;
  const client = useQueryClient();
  const [conflict, setConflict] = useState<SaveConflict>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();

  async function open(data: unknown, draft: Draft) {
    const said = savedBy(data, me);
    const shown: SaveConflict = {
      from: draft.version,
      version: said.version,
      by: said.by,
      canSave: false,
    };
    setConflict(shown);
    setError(undefined);
    try {
      const newest = await fetchInstanceEditing(id);
      const theirs = draftOf(newest.rows, columns);
      setConflict({
        ...shown,
        version: newest.version,
        newest,
        merge: mergeRows(draft.base, draft.rows, theirs, columns),
        canSave: newest.read_only_reason === null && newest.checkout?.user_id === me,
      });
    } catch (err) {
      setError(err as Error);
    }
  }

  /** The newest version as the draft's base, with `rows` on it, and as the editor's view. */
  function rebase(newest: InstanceEditing, rows: DraftRow[] | undefined) {
    const base = draftOf(newest.rows, columns);
    // The draft first: a newer instance without a draft of its version would start a fresh one.
    setDraft({ version: newest.version, base, rows: rows ?? base });
    client.setQueryData(instanceEditingQueryOptions(id).queryKey, newest);
  }

  return {
    conflict,
    busy,
    error,
    /** Keeps a 409 for the dialog; other errors stay with their mutation. */
    caught: (err: unknown) => {
      if (isApiError(err, 409)) void open(err.data, options.draft);
    },
    /** The rows of the user's choices on the newest version, saved at once when they may. */
    apply: async (choices: readonly Side[]) => {
      const { newest, merge, canSave } = conflict ?? {};
      if (!newest || !merge) return;
      const rows = resolveMerge(merge, choices);
      rebase(newest, rows);
      setConflict(undefined);
      if (!canSave) {
        setNotice(`Version ${newest.version} loaded with your changes merged: check out and save`);
        return;
      }
      setBusy(true);
      try {
        await options.save(rows, newest.version);
      } finally {
        setBusy(false);
      }
    },
    discard: () => {
      if (conflict?.newest) {
        rebase(conflict.newest, undefined);
        setNotice(`Version ${conflict.newest.version} loaded`);
      }
      setConflict(undefined);
    },
    close: () => setConflict(undefined),
  };
}
