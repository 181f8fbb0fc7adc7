import type { MetadataRunResult } from "@metabuild/contract";
import { Suspense, useCallback, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useProjectPermissions } from "../../../api/get-me.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { useHistory } from "../api/get-history.ts";
import { useSchema } from "../api/get-schema.ts";
import { useRunStatement } from "../api/run-statement.ts";
import { HistoryPanel } from "../components/history-panel.tsx";
import { LoadTableDialog } from "../components/load-table-dialog.tsx";
import { SqlMonaco } from "../components/lazy-sql-monaco.ts";
import { ResultView } from "../components/result-view.tsx";
import type { EditorPosition, SqlEditorHandle } from "../components/sql-monaco.tsx";
import { type RunTarget, offsetOf } from "../statements.ts";

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
  const [sent, setSent] = useState<RunTarget>();
  const [nothingToRun, setNothingToRun] = useState(false);
  // Where the last error is in the editor (the server's position is within the text sent).
  const [marked, setMarked] = useState<EditorPosition>();
  const [loadingTable, setLoadingTable] = useState(false);
  const cannotWrite = useProjectPermissions(projectId).reason("write_instances");

  const start = useCallback(() => {
    if (run.isPending) return;
    const target = editor.current?.target();
    setNothingToRun(!target);
    if (!target) return;
    editor.current?.markError(undefined);
    setMarked(undefined);
    setSent(target);
    run.mutate(target.text, {
      onSuccess: (result) => setMarked(editor.current?.markError(errorAt(target, result))),
    });
  }, [run]);

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  const result = run.data;
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
            <PermittedButton reason={cannotWrite} onClick={() => setLoadingTable(true)}>
              Load table…
            </PermittedButton>
            <button
              type="button"
              className="button button-primary"
              onClick={start}
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
        <div className="sql-main">
          <section className="sql-editor-frame" aria-label="Statement editor">
            <Suspense fallback={<Loading label="Loading editor…" />}>
              {historyId && history.isPending ? (
                <Loading label="Loading the statement…" />
              ) : (
                <SqlMonaco
                  key={`${projectId}:${fromHistory === undefined ? "" : historyId}`}
                  path={`sql/project-${projectId}${fromHistory === undefined ? "" : `-${historyId}`}.sql`}
                  defaultValue={fromHistory ?? savedText(projectId)}
                  label="SQL statements"
                  tables={schema.data?.tables ?? []}
                  handle={editor}
                  onChange={(text) => saveText(projectId, text)}
                  onRun={start}
                />
              )}
            </Suspense>
          </section>
          <p className="sql-hint">
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs the selection, else the statement under the cursor
            · <kbd>Ctrl</kbd>+<kbd>Space</kbd> completes names · <kbd>Ctrl</kbd>+<kbd>M</kbd> then{" "}
            <kbd>Tab</kbd> leaves the editor
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
              <ErrorState error={run.error} onRetry={start} />
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
        <HistoryPanel projectId={projectId} onLoad={(text) => editor.current?.load(text)} />
      </div>
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
