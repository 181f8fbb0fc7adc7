import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { usePatternPreview, usePreviewInstances } from "../api/preview-pattern.ts";
import { type ContextShape, type EditedFile, variableReferences } from "../liquid-context.ts";
import { LiquidMonaco } from "./lazy-liquid-monaco.ts";
import type { LiquidEditorHandle } from "./liquid-monaco.tsx";
import { useDebounced } from "../../../components/use-debounced.ts";

export interface Template {
  path: string;
  body: string;
}
export interface Snippet {
  name: string;
  body: string;
}

/**
 * Templates and snippets in one Monaco editor, with the live preview beside it
 * (docs/patterns-authoring.md) and the variable references above. `kind`
 * says which list the file list shows; the preview always renders both.
 */
export function TemplateWorkbench({
  patternId,
  kind,
  templates,
  snippets,
  shape,
  onTemplates,
  onSnippets,
  onKind,
}: {
  /** Undefined for a pattern not saved yet: nothing to preview. */
  patternId: number | undefined;
  kind: "templates" | "snippets";
  templates: Template[];
  snippets: Snippet[];
  shape: ContextShape;
  onTemplates: (t: Template[]) => void;
  onSnippets: (s: Snippet[]) => void;
  /** Shows the other list (a variable reference in a snippet, seen from the templates). */
  onKind: (kind: "templates" | "snippets") => void;
}) {
  const files: EditedFile[] = useMemo(
    () => [
      ...templates.map((t, i) => ({ id: `template:${i}`, title: t.path, body: t.body })),
      ...snippets.map((s, i) => ({ id: `snippet:${i}`, title: `snippet ${s.name}`, body: s.body })),
    ],
    [templates, snippets],
  );
  const shown = files.filter((f) =>
    f.id.startsWith(kind === "templates" ? "template:" : "snippet:"),
  );
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const current = shown.find((f) => f.id === selected) ?? shown[0];
  const index = current ? Number(current.id.split(":")[1]) : -1;
  const isTemplate = current?.id.startsWith("template:") ?? kind === "templates";
  const editor = useRef<LiquidEditorHandle | null>(null);
  const pendingReveal = useRef<{ line: number; column: number } | undefined>(undefined);

  const [variable, setVariable] = useState("");
  const references = variable ? variableReferences(files, variable) : [];

  const instances = usePreviewInstances(patternId ?? 0);
  const [instanceId, setInstanceId] = useState<number | undefined>(undefined);
  const chosen = instanceId ?? instances.data?.[0]?.id;
  const input = useDebounced(
    patternId !== undefined && chosen !== undefined
      ? { instanceId: chosen, templates, snippets }
      : undefined,
    350,
  );
  const preview = usePatternPreview(patternId ?? 0, input);
  const errors = preview.data?.errors ?? [];
  const editorErrors =
    isTemplate && current ? errors.filter((e) => e.template === current.title) : [];

  function update(body: string) {
    if (!current) return;
    if (isTemplate) onTemplates(templates.map((t, i) => (i === index ? { ...t, body } : t)));
    else onSnippets(snippets.map((s, i) => (i === index ? { ...s, body } : s)));
  }
  function rename(name: string) {
    if (isTemplate) onTemplates(templates.map((t, i) => (i === index ? { ...t, path: name } : t)));
    else onSnippets(snippets.map((s, i) => (i === index ? { ...s, name } : s)));
  }
  function add() {
    if (kind === "templates") {
      onTemplates([...templates, { path: `new-${templates.length + 1}.sql`, body: "" }]);
      setSelected(`template:${templates.length}`);
    } else {
      onSnippets([...snippets, { name: `snippet_${snippets.length + 1}`, body: "" }]);
      setSelected(`snippet:${snippets.length}`);
    }
  }
  function remove() {
    if (!current) return;
    if (isTemplate) onTemplates(templates.filter((_, i) => i !== index));
    else onSnippets(snippets.filter((_, i) => i !== index));
    setSelected(undefined);
  }
  function jump(file: string, line: number, column: number) {
    if (file === current?.id) editor.current?.reveal(line, column);
    else {
      pendingReveal.current = { line, column };
      setSelected(file);
      if (!file.startsWith(kind === "templates" ? "template:" : "snippet:"))
        onKind(kind === "templates" ? "snippets" : "templates");
    }
  }
  // After switching files for a reference, the editor shows the new model: then reveal.
  useEffect(() => {
    const at = pendingReveal.current;
    if (!at) return;
    pendingReveal.current = undefined;
    const timer = setTimeout(() => editor.current?.reveal(at.line, at.column), 50);
    return () => clearTimeout(timer);
  });

  return (
    <div className="pattern-workbench">
      <div className="workbench-files">
        <ul aria-label={kind === "templates" ? "Templates" : "Snippets"}>
          {shown.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                aria-current={f.id === current?.id ? "true" : undefined}
                onClick={() => setSelected(f.id)}
              >
                {f.title}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={add}>
          {kind === "templates" ? "Add template" : "Add snippet"}
        </button>
        <label className="field">
          <span>Variable references</span>
          <select value={variable} onChange={(e) => setVariable(e.target.value)}>
            <option value="">Pick a variable…</option>
            {shape.variables.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        {variable && (
          <ul aria-label={`Uses of ${variable}`} className="workbench-references">
            {references.length === 0 && <li>Not used in any template or snippet.</li>}
            {references.map((r) => (
              <li key={`${r.file}:${r.line}:${r.column}`}>
                <button type="button" onClick={() => jump(r.file, r.line, r.column)}>
                  {r.title}:{r.line}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="workbench-editor">
        {current ? (
          <>
            <div className="workbench-file-bar">
              <label className="field field-inline">
                <span>{isTemplate ? "Path (Liquid)" : "Snippet name"}</span>
                <input
                  value={
                    current.id.startsWith("template:")
                      ? templates[index]?.path
                      : snippets[index]?.name
                  }
                  onChange={(e) => rename(e.target.value)}
                />
              </label>
              <button type="button" className="button" onClick={remove}>
                Remove
              </button>
            </div>
            <div className="sql-editor-frame workbench-frame">
              <Suspense fallback={<span className="sql-editor-loading">Loading editor…</span>}>
                <LiquidMonaco
                  path={`pattern-${patternId ?? "new"}/${current.id}`}
                  identity={current.title}
                  value={current.body}
                  label={`Edit ${current.title}`}
                  shape={shape}
                  errors={editorErrors}
                  handle={editor}
                  onChange={update}
                />
              </Suspense>
            </div>
          </>
        ) : (
          <p className="muted">No {kind} yet.</p>
        )}
      </div>
      <section className="workbench-preview" aria-label="Preview">
        <h2>Preview</h2>
        {patternId === undefined ? (
          <p className="muted">Save the pattern first; then pick an instance to preview.</p>
        ) : (
          <>
            <label className="field">
              <span>Instance</span>
              <select value={chosen ?? ""} onChange={(e) => setInstanceId(Number(e.target.value))}>
                {(instances.data ?? []).map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.label}
                  </option>
                ))}
              </select>
            </label>
            {instances.data?.length === 0 && (
              <p className="muted">This pattern has no instances.</p>
            )}
            <p className="muted" role="status">
              {preview.isFetching
                ? "Rendering…"
                : preview.isError
                  ? String(preview.error.message)
                  : ""}
            </p>
            {errors.length > 0 && (
              <ul className="preview-errors" aria-label="Template errors">
                {errors.map((e) => (
                  <li key={`${e.template}:${e.line}:${e.column}`}>
                    <strong>{e.template}</strong>
                    {e.line !== null &&
                      ` line ${e.line}${e.column !== null ? `, column ${e.column}` : ""}`}
                    : {e.message}
                  </li>
                ))}
              </ul>
            )}
            {(preview.data?.files ?? []).map((f) => (
              <section key={f.path} className="preview-file" aria-label={`Rendered ${f.path}`}>
                <h3>
                  <code>{f.path}</code>
                </h3>
                <pre>{f.content}</pre>
              </section>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
