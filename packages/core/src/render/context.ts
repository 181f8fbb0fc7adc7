import { type HeaderRow, rowsByHeader } from "../instance-header.ts";
import type { RenderOutputLimits } from "./output-limits.ts";
import { type InstanceReferences, attachReferences } from "./references.ts";
import type { SnippetSource } from "./snippets.ts";

/**
 * What the renderer needs, in plain data that crosses a worker boundary
 * cheaply: one `RenderProgram` per (build, pattern), one `InstanceInput` per
 * instance. `renderContext` turns them into the context of docs/reference/rules.md §6.
 */

export interface TemplateSource {
  /** LiquidJS template of the file's path inside the archive. */
  path: string;
  body: string;
}

export interface RenderProgram {
  /** Identifies the program in a worker's cache (build id and pattern id). */
  key: string;
  project: { id: number; name: string };
  pattern: { id: number; name: string; type: string; vers_no: string };
  build: { id: number; description: string | null };
  /** `@POS_NO`, then property names, then role names (the instance detail header). */
  header: string[];
  roles: string[];
  templates: TemplateSource[];
  /** Named snippets the templates `render` (docs/patterns-authoring.md). */
  snippets?: SnippetSource[];
  /** How much text the render may produce; DEFAULT_RENDER_OUTPUT_LIMITS when not given (tests). */
  outputLimits?: RenderOutputLimits;
  /**
   * Files only compared, never archived (an impact, docs/lineage.md): kept
   * stored instead of deflated, which costs more than rendering them.
   */
  storeOnly?: boolean;
}

export interface InstanceInput {
  id: number;
  name: string;
  folder: string;
  release: string | null;
  labels: string[];
  description: string | null;
  version: number;
  /** JSON array of `[pos_no, cells]` pairs in `@POS_NO` order (parsed where rendered). */
  rowsJson: string;
  /** Variable name → value resolved by the cascade for this instance. */
  vars: Record<string, string | null>;
  /** The instances its reference cells point to (docs/lineage.md "Templates"). */
  references?: InstanceReferences;
}

export type Row = HeaderRow;

export interface RenderContext {
  project: RenderProgram["project"];
  pattern: RenderProgram["pattern"];
  instance: {
    id: number;
    name: string;
    folder: string;
    release: string | null;
    labels: string[];
    description: string | null;
    version: number;
  };
  rows: Row[];
  roles: Record<string, Row[]>;
  vars: Record<string, string | null>;
  build: RenderProgram["build"];
}

/** A role cell is carried when it is non-empty (docs/reference/rules.md §4). */
function carries(value: unknown): boolean {
  return value !== null && value !== undefined && String(value).trim() !== "";
}

export function renderContext(program: RenderProgram, input: InstanceInput): RenderContext {
  const stored = JSON.parse(input.rowsJson) as [number, Record<string, unknown>][];
  const rows = rowsByHeader(
    program.header,
    stored.map(([posNo, data]) => ({ posNo, data })),
  );
  if (input.references) attachReferences(rows, input.references);
  const roles: Record<string, Row[]> = {};
  for (const role of program.roles) roles[role] = rows.filter((r) => carries(r[role]));
  return {
    project: program.project,
    pattern: program.pattern,
    instance: {
      id: input.id,
      name: input.name,
      folder: input.folder,
      release: input.release,
      labels: input.labels,
      description: input.description,
      version: input.version,
    },
    rows,
    roles,
    vars: input.vars,
    build: program.build,
  };
}
