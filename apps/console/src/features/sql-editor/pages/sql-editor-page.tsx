import { Suspense, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { paths } from "../../../app/paths.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { useCan } from "../../../permissions/can.ts";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { UnsavedChangesPrompt, useUnsavedChanges } from "../../../components/unsaved-changes.tsx";
import { useHistory } from "../api/get-history.ts";
import { useSchema } from "../api/get-schema.ts";
import { useScriptWrites } from "../api/write-scripts.ts";
import { HistoryPanel } from "../components/history-panel.tsx";
import { LoadTableDialog } from "../components/load-table-dialog.tsx";
import { SqlMonaco } from "../components/lazy-sql-monaco.ts";
import { OpenScriptBar } from "../components/open-script-bar.tsx";
import { type ScriptChange, ScriptDialog } from "../components/script-dialogs.tsx";
import { ScriptPanel } from "../components/script-panel.tsx";
import { ScriptsPane } from "../components/scripts-pane.tsx";
import type { SqlEditorHandle } from "../components/sql-monaco.tsx";
import { SqlResultArea } from "../components/sql-result-area.tsx";
import { saveText, savedText } from "../editor-text.ts";
import { useOpenScript } from "./use-open-script.ts";
import { useScriptSave } from "./use-script-save.ts";
import { errorAt, useStatementRun } from "./use-statement-run.ts";

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
  const writes = useScriptWrites(projectId);
  const script = useOpenScript();
  const { open } = script;
  const { run, start, sent, nothingToRun, marked } = useStatementRun(projectId, editor, open?.id);
  // Saving scripts needs the grant that allows metadata writes (docs/metadata-scripts.md).
  const permissions = useCan(projectId);
  const writeReason = permissions.reason("script.write");
  const leaving = useUnsavedChanges(script.dirty);
  const [change, setChange] = useState<ScriptChange>();
  const [loadingTable, setLoadingTable] = useState(false);
  const save = useScriptSave(script, writes, editor, writeReason, setChange);

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

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
              reason={permissions.reason("metadata.load-table")}
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
            <OpenScriptBar script={open} dirty={script.dirty} onClose={script.close} />
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
          <SqlResultArea
            nothingToRun={nothingToRun}
            pending={run.isPending}
            error={run.error}
            result={sent ? run.data : undefined}
            errorAt={marked}
            onRetry={() => start(false)}
            onShowError={() => {
              if (sent && run.data) editor.current?.markError(errorAt(sent, run.data));
            }}
          />
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
