import { type RefObject, useCallback, useEffect, useRef } from "react";
import type { useScriptWrites } from "../api/write-scripts.ts";
import type { ScriptChange } from "../components/script-dialogs.tsx";
import type { SqlEditorHandle } from "../components/sql-monaco.tsx";
import type { useOpenScript } from "./use-open-script.ts";

/**
 * The SQL page's save, also on Ctrl+S anywhere on the page (instead of the
 * browser's "save page"): the open script as its next version, or the text
 * as a new script (the dialog, through `ask`). Nothing while `writeReason`
 * says the user may not write.
 */
export function useScriptSave(
  script: ReturnType<typeof useOpenScript>,
  writes: ReturnType<typeof useScriptWrites>,
  editor: RefObject<SqlEditorHandle | null>,
  writeReason: string | undefined,
  ask: (change: ScriptChange) => void,
): () => void {
  const { open, draft, saved } = script;
  const save = useCallback(() => {
    if (writeReason) return;
    if (!open) {
      ask({ kind: "new-script", folder: "/", body: editor.current?.all().text ?? "" });
      return;
    }
    writes.save.mutate(
      { id: open.id, body: draft, base_version: open.vers_no },
      { onSuccess: saved },
    );
  }, [open, draft, saved, writes.save, writeReason, ask, editor]);

  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "s") {
        e.preventDefault();
        latestSave.current();
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
  return save;
}
