import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type ApiError, isApiError } from "../../lib/api-client.ts";
import { fetchInstanceEditing, instanceEditingQueryOptions } from "./api/get-instance-editing.ts";
import { reapplyRows } from "./reapply-rows.ts";
import { type DraftRow, draftOf } from "./row-draft.ts";

/** The rows being edited and the version they are based on. */
export interface Draft {
  version: number;
  base: DraftRow[];
  rows: DraftRow[];
}

/**
 * A save answered 409 (someone else saved first): remembers it for the
 * conflict dialog, and reloads the newest version either with the user's
 * edits re-applied (`reapplyRows`) or without them
 * (docs/console-instance-writes.md).
 */
export function useSaveConflict(
  id: number,
  columns: readonly string[],
  setDraft: (draft: Draft) => void,
  setNotice: (notice: string | undefined) => void,
) {
  const client = useQueryClient();
  const [conflict, setConflict] = useState<ApiError>();
  const [busy, setBusy] = useState(false);

  async function reload(current: Draft | undefined, reapply: boolean) {
    setBusy(true);
    try {
      const newest = await fetchInstanceEditing(id);
      const base = draftOf(newest.rows, columns);
      const rebased =
        reapply && current ? reapplyRows(current.base, current.rows, base, columns) : undefined;
      // The draft first: a newer instance without a draft of its version would start a fresh one.
      setDraft({ version: newest.version, base, rows: rebased?.draft ?? base });
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, newest);
      setNotice(
        rebased
          ? `Version ${newest.version} loaded with your changes on top${
              rebased.kept > 0
                ? ` (${rebased.kept} edited rows the other save changed are added again)`
                : ""
            }: review them and save`
          : `Version ${newest.version} loaded`,
      );
      setConflict(undefined);
    } finally {
      setBusy(false);
    }
  }

  return {
    conflict,
    busy,
    /** Keeps a 409 for the dialog; other errors stay with their mutation. */
    caught: (err: unknown) => {
      if (isApiError(err, 409)) setConflict(err);
    },
    reapply: (current: Draft | undefined) => reload(current, true),
    discard: () => reload(undefined, false),
    close: () => setConflict(undefined),
  };
}
