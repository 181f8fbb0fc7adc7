import type { Script, ScriptSummary } from "@metabuild/contract";
import { useCallback, useState } from "react";
import { fetchScript } from "../api/get-script.ts";
import type { ScriptChangeDone } from "../components/script-dialogs.tsx";
import { movedPath } from "../script-tree.ts";

/**
 * The script open in the SQL editor: its last saved state, the editor's
 * text (the draft) and whether they differ. `seq` names a fresh editor model
 * each time a script is opened, so a discarded draft never comes back.
 */
export function useOpenScript() {
  const [open, setOpen] = useState<Script>();
  const [draft, setDraft] = useState("");
  const [seq, setSeq] = useState(0);
  const [openError, setOpenError] = useState<unknown>();
  const dirty = open !== undefined && draft !== open.body;

  /** True when nothing unsaved would be lost, or the user agrees to lose it. */
  const mayDiscard = useCallback(
    () =>
      !dirty ||
      window.confirm(`Discard the unsaved changes to '${open?.name}'? They are not saved.`),
    [dirty, open],
  );

  const show = useCallback((script: Script | undefined) => {
    setOpen(script);
    setDraft(script?.body ?? "");
    setSeq((n) => n + 1);
  }, []);

  const openScript = useCallback(
    (summary: ScriptSummary) => {
      if (!mayDiscard()) return;
      setOpenError(undefined);
      fetchScript(summary.id).then(show, setOpenError);
    },
    [mayDiscard, show],
  );

  const close = useCallback(() => {
    if (mayDiscard()) show(undefined);
  }, [mayDiscard, show]);

  /** Follows what a dialog did to the scripts. */
  const changed = useCallback(
    (done: ScriptChangeDone, created: boolean) => {
      if (done.kind === "script-saved") {
        if (created) show(done.script);
        // A rename or move keeps the draft: only the saved state moves on.
        else if (open?.id === done.script.id) setOpen(done.script);
      } else if (done.kind === "script-deleted") {
        if (open?.id === done.id) show(undefined);
      } else if (done.kind === "folder-moved" && open) {
        setOpen({ ...open, folder: movedPath(open.folder, done.from, done.to) });
      }
    },
    [open, show],
  );

  return {
    open,
    draft,
    setDraft,
    seq,
    dirty,
    openError,
    openScript,
    close,
    changed,
    /** A save of the open script's text: the saved state moves on, the draft stays. */
    saved: setOpen,
  };
}
