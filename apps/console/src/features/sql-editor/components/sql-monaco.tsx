// The SQL editor's Monaco: loaded lazily (lazy-sql-monaco.ts), never in the first route.
// Local Monaco set-up (no CDN, editor worker) comes from the shared viewer module.
import "../../../components/monaco-editors.tsx";
// The bare editor API has no editing contributions; these are the ones a query editor needs.
import "monaco-editor/editor/contrib/suggest/browser/suggestController.js";
import "monaco-editor/features/suggest/register.js";
import "monaco-editor/features/snippet/register.js";
import "monaco-editor/features/hover/register.js";
import "monaco-editor/features/comment/register.js";
import "monaco-editor/features/bracketMatching/register.js";
import "monaco-editor/features/find/register.js";
import "monaco-editor/features/clipboard/register.js";
import "monaco-editor/features/contextmenu/register.js";
import "monaco-editor/features/gotoError/register.js";
import "monaco-editor/features/toggleTabFocusMode/register.js";
import "monaco-editor/features/cursorUndo/register.js";
import "monaco-editor/features/linesOperations/register.js";
import "monaco-editor/features/multicursor/register.js";
import "monaco-editor/features/wordOperations/register.js";
import "monaco-editor/features/wordHighlighter/register.js";
import type { MetadataSchemaTable } from "@metabuild/contract";
import { Editor, type OnMount } from "@monaco-editor/react";
import type * as MonacoApi from "monaco-editor/editor";
import { type RefObject, useEffect, useRef } from "react";
import { useTheme } from "../../../app/theme.tsx";
import { type RunTarget, runTarget } from "../statements.ts";
import { SQL_LANGUAGE, registerSqlCompletion, registerSqlLanguage } from "./sql-language.ts";

/** What the page asks of the editor. */
export interface SqlEditorHandle {
  /** The selection when there is one, else the statement under the cursor. */
  target(): RunTarget | undefined;
  /** The whole text (Run script). */
  all(): RunTarget;
  /** Replaces the whole text (Ctrl+Z brings the old one back) and puts the cursor at its end. */
  load(text: string): void;
  /**
   * Marks an error at `offset` of the text (squiggle, line mark, cursor
   * there) and answers its line and column; undefined clears the mark.
   */
  markError(error: { offset: number; message: string } | undefined): EditorPosition | undefined;
}

export interface EditorPosition {
  line: number;
  column: number;
}

const MARKER_OWNER = "metabuild-sql";

export default function SqlMonaco({
  path,
  defaultValue,
  label,
  tables,
  handle,
  onChange,
  onRun,
  onRunAll,
}: {
  /** One model per project, so switching projects keeps each one's text. */
  path: string;
  defaultValue: string;
  label: string;
  tables: MetadataSchemaTable[];
  handle: RefObject<SqlEditorHandle | null>;
  onChange: (text: string) => void;
  onRun: () => void;
  /** Ctrl+Shift+Enter: run the whole text. */
  onRunAll: () => void;
}) {
  const { theme } = useTheme();
  // Monaco keeps the callbacks it was given at mount; these refs hand it the latest.
  const latest = useRef({ tables, onRun, onRunAll });
  latest.current = { tables, onRun, onRunAll };
  const disposables = useRef<MonacoApi.IDisposable[]>([]);
  useEffect(
    () => () => {
      for (const d of disposables.current) d.dispose();
    },
    [],
  );

  const mount: OnMount = (editor, monaco) => {
    disposables.current.push(registerSqlCompletion(monaco, () => latest.current.tables));
    disposables.current.push(
      editor.addAction({
        id: "metabuild.sql.run",
        label: "Run statement (the selection, else the one under the cursor)",
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: () => latest.current.onRun(),
      }),
    );
    disposables.current.push(
      editor.addAction({
        id: "metabuild.sql.run-all",
        label: "Run script (the whole text)",
        // Replaces Monaco's "insert line above" on this chord, as in other SQL tools.
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter],
        run: () => latest.current.onRunAll(),
      }),
    );
    const errorLine = editor.createDecorationsCollection();
    handle.current = {
      target() {
        const model = editor.getModel();
        const selection = editor.getSelection();
        if (!model || !selection) return undefined;
        return runTarget(
          model.getValue(),
          model.getOffsetAt(selection.getStartPosition()),
          model.getOffsetAt(selection.getEndPosition()),
        );
      },
      all() {
        return { text: editor.getModel()?.getValue() ?? "", start: 0 };
      },
      load(text) {
        const model = editor.getModel();
        if (!model) return;
        editor.pushUndoStop();
        editor.executeEdits("history", [{ range: model.getFullModelRange(), text }]);
        editor.pushUndoStop();
        const end = model.getPositionAt(text.length);
        editor.setPosition(end);
        editor.revealPositionInCenterIfOutsideViewport(end);
        editor.focus();
      },
      markError(error) {
        const model = editor.getModel();
        if (!model) return undefined;
        if (!error) {
          monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
          errorLine.clear();
          return undefined;
        }
        const at = model.getPositionAt(error.offset);
        const word = model.getWordAtPosition(at);
        const endColumn =
          word && word.startColumn === at.column
            ? word.endColumn
            : Math.min(at.column + 1, model.getLineMaxColumn(at.lineNumber));
        monaco.editor.setModelMarkers(model, MARKER_OWNER, [
          {
            severity: monaco.MarkerSeverity.Error,
            message: error.message,
            startLineNumber: at.lineNumber,
            startColumn: at.column,
            endLineNumber: at.lineNumber,
            endColumn: Math.max(endColumn, at.column + 1),
          },
        ]);
        errorLine.set([
          {
            range: new monaco.Range(at.lineNumber, 1, at.lineNumber, 1),
            options: {
              isWholeLine: true,
              className: "sql-error-line",
              linesDecorationsClassName: "sql-error-gutter",
            },
          },
        ]);
        editor.setPosition(at);
        editor.revealPositionInCenterIfOutsideViewport(at);
        editor.focus();
        return { line: at.lineNumber, column: at.column };
      },
    };
  };

  return (
    <Editor
      height="100%"
      path={path}
      defaultValue={defaultValue}
      defaultLanguage={SQL_LANGUAGE}
      theme={theme === "dark" ? "vs-dark" : "vs"}
      beforeMount={registerSqlLanguage}
      onMount={mount}
      onChange={(value) => onChange(value ?? "")}
      loading={<span className="sql-editor-loading">Loading editor…</span>}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fontSize: 13,
        lineDecorationsWidth: 14,
        wordBasedSuggestions: "off",
        fixedOverflowWidgets: true,
        tabSize: 2,
      }}
    />
  );
}
