/**
 * What a template can reach, for the editor's completion: the render context
 * of builds (RenderContext in packages/core/src/render/context.ts,
 * docs/reference/render-context.md) with this pattern's columns, roles, variables and snippets filled in.
 */
export interface ContextShape {
  columns: string[];
  roles: string[];
  variables: string[];
  snippets: string[];
}

export interface Suggestion {
  label: string;
  detail: string;
}

const TOP: Suggestion[] = [
  { label: "instance", detail: "the instance being rendered" },
  { label: "rows", detail: "its metadata rows, by column name" },
  { label: "roles", detail: "rows carrying each functional role" },
  { label: "vars", detail: "variables resolved by the cascade" },
  { label: "pattern", detail: "this pattern" },
  { label: "project", detail: "the build's project" },
  { label: "build", detail: "the build" },
];

const FIELDS: Record<string, Suggestion[]> = {
  instance: [
    { label: "id", detail: "number" },
    { label: "name", detail: "text" },
    { label: "folder", detail: "path such as /sales" },
    { label: "release", detail: "text or nil" },
    { label: "labels", detail: "list of text" },
    { label: "description", detail: "text or nil" },
    { label: "version", detail: "number" },
  ],
  pattern: [
    { label: "id", detail: "number" },
    { label: "name", detail: "text" },
    { label: "type", detail: "text" },
    { label: "vers_no", detail: "text" },
  ],
  project: [
    { label: "id", detail: "number" },
    { label: "name", detail: "text" },
  ],
  build: [
    { label: "id", detail: "number" },
    { label: "description", detail: "text or nil" },
  ],
};

/** Suggestions for the text before the cursor (one line), or undefined when none apply. */
export function suggestionsAt(before: string, shape: ContextShape): Suggestion[] | undefined {
  if (/\{%-?\s*(?:render|include)\s+['"][\w.-]*$/.test(before))
    return shape.snippets.map((s) => ({ label: s, detail: "snippet" }));
  const path = /([A-Za-z_][\w]*(?:\.[A-Za-z_@][\w]*)*)\.([\w@]*)$/.exec(before);
  if (path) {
    const parts = (path[1] as string).split(".");
    const head = parts[0] as string;
    if (parts.length === 1) {
      if (head === "vars") return shape.variables.map((v) => ({ label: v, detail: "variable" }));
      if (head === "roles") return shape.roles.map((r) => ({ label: r, detail: "rows of role" }));
      // Any other name before a dot is taken for a row of a loop (`for r in rows`).
      return FIELDS[head] ?? rowFields(shape);
    }
    return undefined;
  }
  // A row variable of a loop (`r.`) is not known by name here; inside {{ }} or {% %} offer the top level.
  if (/\{[{%][^}]*$/.test(before)) return TOP;
  return undefined;
}

/** Column names a row (`for r in rows`) carries: `@POS_NO`, properties, roles. */
export function rowFields(shape: ContextShape): Suggestion[] {
  return [
    { label: "['@POS_NO']", detail: "position" },
    ...shape.columns.map((c) => ({ label: c, detail: "column" })),
    ...shape.roles.map((r) => ({ label: r, detail: "role cell" })),
  ];
}

export interface EditedFile {
  /** `template:<index>` or `snippet:<index>`. */
  id: string;
  title: string;
  body: string;
}

export interface Reference {
  file: string;
  title: string;
  line: number;
  column: number;
}

/** Every place a file uses variable `name` (`vars.NAME` or `vars['NAME']`), in file then line order. */
export function variableReferences(files: readonly EditedFile[], name: string): Reference[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const use = new RegExp(
    `vars\\s*(?:\\.\\s*${escaped}(?![\\w])|\\[\\s*['"]${escaped}['"]\\s*\\])`,
    "g",
  );
  const out: Reference[] = [];
  for (const f of files)
    f.body.split("\n").forEach((text, i) => {
      for (const m of text.matchAll(use))
        out.push({ file: f.id, title: f.title, line: i + 1, column: (m.index ?? 0) + 1 });
    });
  return out;
}
