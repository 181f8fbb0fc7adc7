import type { MetadataRunResult } from "@metabuild/contract";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useProjectPermissions } from "../../../api/get-me.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { UnsavedChangesPrompt, useUnsavedChanges } from "../../../components/unsaved-changes.tsx";
import { useHistory } from "../api/get-history.ts";
import { useSchema } from "../api/get-schema.ts";
import { useRunStatement } from "../api/run-statement.ts";
import { useScriptWrites } from "../api/write-scripts.ts";
import { HistoryPanel } from "../components/history-panel.tsx";
import { LoadTableDialog } from "../components/load-table-dialog.tsx";
import { SqlMonaco } from "../components/lazy-sql-monaco.ts";
import { ResultView } from "../components/result-view.tsx";
import { type ScriptChange, ScriptDialog } from "../components/script-dialogs.tsx";
import { ScriptPanel } from "../components/script-panel.tsx";
import { ScriptsPane } from "../components/scripts-pane.tsx";
import type { EditorPosition, SqlEditorHandle } from "../components/sql-monaco.tsx";
import { scriptPathOf } from "../script-tree.ts";
import { type RunTarget, offsetOf } from "../statements.ts";
import { useOpenScript } from "./use-open-script.ts";
import { paths } from "../../../app/paths.ts";

const STARTER = `-- Statements end with ';'. Ctrl+Enter runs the one under the cursor, or the selection.
SELECT * FROM @INFORMATION_SCHEMA.INSTANCES;
`;

/** The editor's text is kept in this browser, per project, so it survives a reload. */
const storageKey = (projectId: number) => `metabuild.sql.${projectId}`;

function savedText(projectId: number): string {
  try {
    return localStorage.getItem(storageKey(projectId)) ?? STARTER;
  } catch {
    return STARTER;
  }
}

function saveText(projectId: number, text: string): void {
  try {
    localStorage.setItem(storageKey(projectId), text);
  } catch {
    // Storage full or blocked: the text still lives in the editor.
  }
}

/** Where a result's error is in the editor's text (its position is in the text that was sent). */
function errorAt(target: RunTarget, result: MetadataRunResult) {
  if (result.status !== "ERROR" || !result.position) return undefined;
  const { line, column } = result.position;
  return {
    offset: target.start + offsetOf(target.text, line, column),
    message: result.error ?? "Error",
  };
}

export default function SqlEditorPage() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  // `?history=<run id>` (the command palette) opens the editor with that run's statement.
  const historyId = useSearchParams()[0].get("history");
  const history = useHistory(projectId);
  const fromHistory = historyId
    ? history.data?.find((e) => e.id === historyId)?.statement
    : undefined;
  const editor = useRef<SqlEditorHandle | null>(null);
  const schema = useSchema(projectId);
  const run = useRunStatement(projectId);
  const writes = useScriptWrites(projectId);
  const script = useOpenScript();
  const { open } = script;
  // Saving scripts needs the grant that allows metadata writes (docs/metadata-scripts.md).
  const writeReason = useProjectPermissions(projectId).reason("write_instances");
  const leaving = useUnsavedChanges(script.dirty);
  const [change, setChange] = useState<ScriptChange>();
  const [sent, setSent] = useState<RunTarget>();
  const [nothingToRun, setNothingToRun] = useState(false);
  // Where the last error is in the editor (the server's position is within the text sent).
  const [marked, setMarked] = useState<EditorPosition>();
  const [loadingTable, setLoadingTable] = useState(false);

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
        { statement: target.text, scriptId: open?.id },
        { onSuccess: (result) => setMarked(editor.current?.markError(errorAt(target, result))) },
      );
    },
    [run, open],
  );

  const save = useCallback(() => {
    if (writeReason) return;
    if (!open) {
      setChange({ kind: "new-script", folder: "/", body: editor.current?.all().text ?? "" });
      return;
    }
    writes.save.mutate(
      { id: open.id, body: script.draft, base_version: open.vers_no },
      { onSuccess: script.saved },
    );
  }, [open, script.draft, script.saved, writes.save, writeReason]);

  // Ctrl+S saves anywhere on the page instead of the browser's "save page".
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

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  const result = run.data;
  const editorKey = open
    ? `script-${open.id}-${script.seq}`
    : `project-${projectId}${fromHistory === undefined ? "" : `-${historyId}`}`;
  return (
    <div className="sql-page">
      <PageHeader
        title="SQL"
        description={
          <>
            Query and change this project's metadata: <code>@INSTANCES.&lt;pattern&gt;</code>,{" "}
            <code>@TABLES.&lt;table&gt;</code>, <code>@INFORMATION_SCHEMA.&lt;view&gt;</code>.
          </>
        }
        actions={
          <>
            <PermittedButton
              className="button"
              reason={writeReason}
              onClick={() => setLoadingTable(true)}
            >
              Load table…
            </PermittedButton>
            <Link className="button" to={paths.generateInstances(projectId)}>
              Generate instances
            </Link>
            <PermittedButton
              className="button"
              reason={writeReason}
              onClick={save}
              disabled={writes.save.isPending || (open !== undefined && !script.dirty)}
              aria-keyshortcuts="Control+S"
              title={
                open
                  ? "Save the script as a new version (Ctrl+S)"
                  : "Save the text as a script (Ctrl+S)"
              }
            >
              {writes.save.isPending ? "Saving…" : open ? "Save" : "Save as script…"}
            </PermittedButton>
            <button
              type="button"
              className="button"
              onClick={() => start(true)}
              disabled={run.isPending}
              aria-keyshortcuts="Control+Shift+Enter"
              title="Run the whole text, every statement (Ctrl+Shift+Enter)"
            >
              Run script
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => start(false)}
              disabled={run.isPending}
              aria-keyshortcuts="Control+Enter"
              title="Run the selection, else the statement under the cursor (Ctrl+Enter)"
            >
              {run.isPending ? "Running…" : "Run"}
            </button>
          </>
        }
      />
      <div className="sql-layout">
        <ScriptsPane
          projectId={projectId}
          openId={open?.id}
          writeReason={writeReason}
          onOpen={script.openScript}
          onChange={setChange}
        />
        <div className="sql-main">
          {open ? (
            <div className="sql-script-bar" role="status" aria-label="Open script">
              <strong>{scriptPathOf(open.folder, open.name)}</strong>
              <span className="muted">
                version {open.vers_no}
                {open.updated_by ? `, saved by ${open.updated_by}` : ""}
              </span>
              {script.dirty ? <span className="sql-script-dirty">Unsaved changes</span> : null}
              <button type="button" className="button button-small" onClick={script.close}>
                Close script
              </button>
            </div>
          ) : null}
          {writes.save.error && open ? <ErrorState error={writes.save.error} /> : null}
          {script.openError ? <ErrorState error={script.openError} /> : null}
          <section className="sql-editor-frame" aria-label="Statement editor">
            <Suspense fallback={<Loading label="Loading editor…" />}>
              {historyId && history.isPending && !open ? (
                <Loading label="Loading the statement…" />
              ) : (
                <SqlMonaco
                  key={editorKey}
                  path={`sql/${editorKey}.sql`}
                  defaultValue={open ? open.body : (fromHistory ?? savedText(projectId))}
                  label="SQL statements"
                  tables={schema.data?.tables ?? []}
                  handle={editor}
                  onChange={(text) => (open ? script.setDraft(text) : saveText(projectId, text))}
                  onRun={() => start(false)}
                  onRunAll={() => start(true)}
                />
              )}
            </Suspense>
          </section>
          <p className="sql-hint">
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs the selection, else the statement under the cursor
            · <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Enter</kbd> runs the script · <kbd>Ctrl</kbd>+
            <kbd>S</kbd> saves · <kbd>Ctrl</kbd>+<kbd>Space</kbd> completes names · <kbd>Ctrl</kbd>+
            <kbd>M</kbd> then <kbd>Tab</kbd> leaves the editor
            {schema.isError ? " · names for completion could not be loaded" : ""}
          </p>
          <section className="sql-result-area" aria-label="Result">
            {nothingToRun ? (
              <p className="sql-result-status" role="status">
                Nothing to run: write a statement, or select one.
              </p>
            ) : run.isPending ? (
              <Loading label="Running…" />
            ) : run.isError ? (
              <ErrorState error={run.error} onRetry={() => start(false)} />
            ) : result && sent ? (
              <ResultView
                result={result}
                errorAt={marked}
                onShowError={() => editor.current?.markError(errorAt(sent, result))}
              />
            ) : (
              <p className="sql-result-status sql-result-idle">
                Run a statement to see its rows here.
              </p>
            )}
          </section>
        </div>
        {open ? (
          <ScriptPanel
            script={open}
            writeReason={writeReason}
            restoring={writes.save.isPending}
            onRestore={(body) => {
              if (!script.dirty || window.confirm("Discard the unsaved changes and restore?"))
                writes.save.mutate(
                  { id: open.id, body, base_version: open.vers_no },
                  {
                    onSuccess: (saved) => {
                      script.saved(saved);
                      editor.current?.load(saved.body);
                    },
                  },
                );
            }}
          />
        ) : (
          <HistoryPanel projectId={projectId} onLoad={(text) => editor.current?.load(text)} />
        )}
      </div>
      {change ? (
        <ScriptDialog
          change={change}
          writes={writes}
          onClose={() => setChange(undefined)}
          onDone={(done) => script.changed(done, change.kind === "new-script")}
        />
      ) : null}
      <UnsavedChangesPrompt
        blocker={leaving}
        what={open ? `the script '${open.name}'` : "the script"}
      />
      {loadingTable ? (
        <LoadTableDialog
          projectId={projectId}
          onClose={() => setLoadingTable(false)}
          onLoaded={(loaded) => editor.current?.load(`SELECT * FROM @TABLES.${loaded.table};\n`)}
        />
      ) : null}
    </div>
  );
}
