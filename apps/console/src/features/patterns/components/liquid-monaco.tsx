// The template editor's Monaco: loaded lazily (lazy-liquid-monaco.ts), never in the first route.
// Local Monaco set-up (no CDN, editor worker) comes from the shared viewer module.
import "../../../components/monaco-editors.tsx";
import "monaco-editor/editor/contrib/suggest/browser/suggestController.js";
import "monaco-editor/features/suggest/register.js";
import "monaco-editor/features/hover/register.js";
import "monaco-editor/features/bracketMatching/register.js";
import "monaco-editor/features/find/register.js";
import "monaco-editor/features/clipboard/register.js";
import "monaco-editor/features/gotoError/register.js";
import "monaco-editor/features/cursorUndo/register.js";
import "monaco-editor/features/linesOperations/register.js";
import "monaco-editor/features/wordOperations/register.js";
import "monaco-editor/languages/definitions/liquid/register.js";
import { Editor, type OnMount } from "@monaco-editor/react";
import type * as MonacoApi from "monaco-editor/editor";
import { type RefObject, useEffect, useRef } from "react";
import { useTheme } from "../../../app/theme.tsx";
import { type ContextShape, suggestionsAt } from "../liquid-context.ts";

export interface LiquidEditorHandle {
  /** Puts the cursor at a line and column and shows it. */
  reveal(line: number, column: number): void;
}

export interface EditorError {
  line: number | null;
  column: number | null;
  message: string;
}

const MARKER_OWNER = "metabuild-liquid";

export default function LiquidMonaco({
  path,
  identity,
  value,
  label,
  shape,
  errors,
  handle,
  onChange,
}: {
  /** One model per file, so switching files keeps each one's undo history. */
  path: string;
  /** Which file is shown (its name): when it changes, the model takes `value`. */
  identity: string;
  /** The text the editor starts from; typing does not come back through it. */
  value: string;
  label: string;
  shape: ContextShape;
  errors: EditorError[];
  handle: RefObject<LiquidEditorHandle | null>;
  onChange: (text: string) => void;
}) {
  const { theme } = useTheme();
  const latest = useRef(shape);
  latest.current = shape;
  const parts = useRef<{
    editor: MonacoApi.editor.IStandaloneCodeEditor;
    monaco: typeof MonacoApi;
  } | null>(null);
  const disposables = useRef<MonacoApi.IDisposable[]>([]);
  useEffect(
    () => () => {
      for (const d of disposables.current) d.dispose();
    },
    [],
  );

  // The editor owns the text while typing (a controlled value would fight fast typing);
  // when another file is shown (or a model was left from an earlier one), it takes that text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of file resets the text
  useEffect(() => {
    const model = parts.current?.editor.getModel();
    if (model && model.getValue() !== value) model.setValue(value);
  }, [path, identity]);

  // The preview's errors for this file, as markers (squiggle at line and column).
  useEffect(() => {
    const at = parts.current;
    const model = at?.editor.getModel();
    if (!at || !model) return;
    at.monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      errors.map((e) => {
        const line = Math.min(Math.max(e.line ?? 1, 1), model.getLineCount());
        const column = Math.max(e.column ?? 1, 1);
        const word = model.getWordAtPosition({ lineNumber: line, column });
        return {
          severity: at.monaco.MarkerSeverity.Error,
          message: e.message,
          startLineNumber: line,
          startColumn: column,
          endLineNumber: line,
          endColumn: Math.max(word?.endColumn ?? column + 1, column + 1),
        };
      }),
    );
  }, [errors]);

  const mount: OnMount = (editor, monaco) => {
    parts.current = { editor, monaco };
    // A model kept from an earlier visit may hold older text.
    const model = editor.getModel();
    if (model && model.getValue() !== value) model.setValue(value);
    disposables.current.push(
      monaco.languages.registerCompletionItemProvider("liquid", {
        triggerCharacters: [".", "'", " "],
        provideCompletionItems(model: MonacoApi.editor.ITextModel, position: MonacoApi.Position) {
          if (model !== editor.getModel()) return { suggestions: [] };
          const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
          const found = suggestionsAt(before, latest.current) ?? [];
          const word = model.getWordUntilPosition(position);
          const range = new monaco.Range(
            position.lineNumber,
            word.startColumn,
            position.lineNumber,
            word.endColumn,
          );
          return {
            suggestions: found.map((s) => ({
              label: s.label,
              detail: s.detail,
              kind: monaco.languages.CompletionItemKind.Field,
              insertText: s.label,
              range,
            })),
          };
        },
      }),
    );
    handle.current = {
      reveal(line, column) {
        const at = { lineNumber: line, column };
        editor.setPosition(at);
        editor.revealPositionInCenterIfOutsideViewport(at);
        editor.focus();
      },
    };
  };

  return (
    <Editor
      height="100%"
      path={path}
      defaultValue={value}
      language="liquid"
      theme={theme === "dark" ? "vs-dark" : "vs"}
      onMount={mount}
      onChange={(v) => onChange(v ?? "")}
      loading={<span className="sql-editor-loading">Loading editor…</span>}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fontSize: 13,
        wordBasedSuggestions: "off",
        fixedOverflowWidgets: true,
        tabSize: 2,
      }}
    />
  );
}
