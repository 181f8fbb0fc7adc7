// Monaco, bundled locally (never from a CDN) and only in the chunk of the
// pages that import this file lazily: the first route stays Monaco-free.
import { DiffEditor, Editor, loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

self.MonacoEnvironment = {
  // Plain-text viewing needs only the editor worker, for every label.
  getWorker: () => new EditorWorker(),
};
loader.config({ monaco });

const options = {
  readOnly: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
} as const;

/** Follows the console's theme (set on <html> by lib/theme.ts) when the viewer opens. */
function useMonacoTheme(): string {
  return document.documentElement.dataset.theme === "dark" ? "vs-dark" : "vs";
}

/** A read-only text viewer (`label` names it for assistive technology). */
export function CodeViewer({
  label,
  text,
  path,
  height = "60vh",
}: {
  label: string;
  text: string;
  path: string;
  /** CSS height; a short text can ask for less than the default. */
  height?: string;
}) {
  return (
    <section className="code-viewer" aria-label={label}>
      <Editor
        height={height}
        path={path}
        value={text}
        theme={useMonacoTheme()}
        options={{ ...options, ariaLabel: label }}
      />
    </section>
  );
}

/** A read-only side-by-side diff (original on the left). */
export function CodeDiff({
  label,
  original,
  modified,
}: {
  label: string;
  original: string;
  modified: string;
}) {
  return (
    <section className="code-viewer" aria-label={label}>
      <DiffEditor
        height="60vh"
        original={original}
        modified={modified}
        theme={useMonacoTheme()}
        options={{ ...options, originalAriaLabel: `${label}, before`, ariaLabel: label }}
      />
    </section>
  );
}
