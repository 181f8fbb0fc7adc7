import { inflateRawSync } from "node:zlib";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { RenderError, isPartial } from "./engine.ts";
import type { Renderer } from "./renderer.ts";
import type { PackedFile } from "./zip.ts";

/** A template's failure as the preview shows it: where (1-based) and why. */
export interface PreviewError {
  template: string;
  line: number | null;
  column: number | null;
  message: string;
}

export interface PreviewResult {
  files: { path: string; content: string }[];
  errors: PreviewError[];
}

/** The text of a packed file (the renderer packs what it renders for the archive). */
export function unpackText(file: PackedFile): string {
  const bytes = file.method === 8 ? inflateRawSync(file.data) : Buffer.from(file.data);
  return bytes.toString("utf8");
}

/**
 * Renders each template of `program` for one instance through `renderer`
 * (the builds' renderer: the render pool, or inline when builds render
 * inline), one job per template so one failing template does not hide the
 * others' files or errors (docs/patterns-authoring.md).
 */
export async function renderPreview(
  renderer: Renderer,
  program: RenderProgram,
  input: InstanceInput,
): Promise<PreviewResult> {
  const partials = program.templates.filter((t) => isPartial(t.path));
  const emitted = program.templates.filter((t) => !isPartial(t.path));
  const outcomes = await Promise.all(
    emitted.map(async (template, i) => {
      const single = { ...program, key: `${program.key}:${i}`, templates: [...partials, template] };
      try {
        const [result] = await renderer.render(single, [input]);
        return { files: result?.files ?? [], error: undefined };
      } catch (err) {
        const error: PreviewError =
          err instanceof RenderError
            ? {
                template: template.path,
                line: err.failure.line,
                column: err.failure.column ?? null,
                message: err.failure.reason,
              }
            : { template: template.path, line: null, column: null, message: String(err) };
        return { files: [], error };
      }
    }),
  );
  return {
    files: outcomes.flatMap((o) => o.files.map((f) => ({ path: f.path, content: unpackText(f) }))),
    errors: outcomes.flatMap((o) => (o.error ? [o.error] : [])),
  };
}
