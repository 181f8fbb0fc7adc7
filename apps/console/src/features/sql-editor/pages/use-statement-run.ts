import type { MetadataRunResult } from "@metabuild/contract";
import { type RefObject, useCallback, useState } from "react";
import { useRunStatement } from "../api/run-statement.ts";
import type { EditorPosition, SqlEditorHandle } from "../components/sql-monaco.tsx";
import { type RunTarget, offsetOf } from "../statements.ts";

// Permission: none (docs/console-permissions.md): a typed statement runs for every
// reader; a write among them gets the server's 403 text.

/** Where a result's error is in the editor's text (its position is in the text that was sent). */
export function errorAt(target: RunTarget, result: MetadataRunResult) {
  if (result.status !== "ERROR" || !result.position) return undefined;
  const { line, column } = result.position;
  return {
    offset: target.start + offsetOf(target.text, line, column),
    message: result.error ?? "Error",
  };
}

/**
 * Running what the editor holds: `start(false)` the selection or the
 * statement under the cursor, `start(true)` the whole text. Keeps what was
 * sent and where its error is, marked in the editor.
 */
export function useStatementRun(
  projectId: number,
  editor: RefObject<SqlEditorHandle | null>,
  scriptId: number | undefined,
) {
  const run = useRunStatement(projectId);
  const [sent, setSent] = useState<RunTarget>();
  const [nothingToRun, setNothingToRun] = useState(false);
  // Where the last error is in the editor (the server's position is within the text sent).
  const [marked, setMarked] = useState<EditorPosition>();

  const start = useCallback(
    (whole: boolean) => {
      if (run.isPending) return;
      const target = whole ? editor.current?.all() : editor.current?.target();
      const empty = !target || target.text.trim() === "";
      setNothingToRun(empty);
      if (empty) return;
      editor.current?.markError(undefined);
      setMarked(undefined);
      setSent(target);
      run.mutate(
        { statement: target.text, scriptId },
        { onSuccess: (result) => setMarked(editor.current?.markError(errorAt(target, result))) },
      );
    },
    [run, scriptId, editor],
  );
  return { run, start, sent, nothingToRun, marked };
}
