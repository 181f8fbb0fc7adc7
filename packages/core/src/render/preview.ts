import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";
import { PayloadTooLarge } from "../errors.ts";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { type RenderFailure, RenderError, isPartial } from "./engine.ts";
import { DEFAULT_RENDER_OUTPUT_LIMITS, OutputTally, outputLimitReason } from "./output-limits.ts";
import type { Renderer } from "./renderer.ts";
import type { PackedFile } from "./zip.ts";

const inflateRawAsync = promisify(inflateRaw);

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

/**
 * The text of a packed file (the renderer packs what it renders for the
 * archive), inflated on zlib's thread pool, never on the server thread, and
 * to no more than the file's own size.
 */
export async function unpackText(file: PackedFile): Promise<string> {
  const bytes =
    file.method === 8
      ? await inflateRawAsync(file.data, { maxOutputLength: Math.max(1, file.size) })
      : Buffer.from(file.data);
  return bytes.toString("utf8");
}

/** An output limit is not a template's mistake to show among the others: the preview is refused. */
function tooLarge(template: string, failure: Pick<RenderFailure, "line" | "reason">) {
  const line = failure.line === null ? "" : `, line ${failure.line}`;
  return new PayloadTooLarge(`Template '${template}'${line}: ${failure.reason}`);
}

/**
 * Renders each template of `program` for one instance through `renderer`
 * (the builds' renderer: the render pool, or inline when builds render
 * inline), one job per template so one failing template does not hide the
 * others' files or errors (docs/patterns-authoring.md). A template past the
 * output limits (docs/limits.md "Rendered output") refuses the whole
 * preview with 413 naming it.
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
        return { files: result?.files ?? [], error: undefined, refusal: undefined };
      } catch (err) {
        if (err instanceof RenderError && err.failure.limit)
          return { files: [], error: undefined, refusal: tooLarge(template.path, err.failure) };
        const error: PreviewError =
          err instanceof RenderError
            ? {
                template: template.path,
                line: err.failure.line,
                column: err.failure.column ?? null,
                message: err.failure.reason,
              }
            : { template: template.path, line: null, column: null, message: String(err) };
        return { files: [], error, refusal: undefined };
      }
    }),
  );
  const refusal = outcomes.find((o) => o.refusal)?.refusal;
  if (refusal) throw refusal;
  const limit = (program.outputLimits ?? DEFAULT_RENDER_OUTPUT_LIMITS).totalBytes;
  const tally = new OutputTally(limit);
  for (const [i, o] of outcomes.entries())
    if (tally.add(o.files))
      throw tooLarge(emitted[i].path, { line: null, reason: outputLimitReason("total", limit) });
  const files = await Promise.all(
    outcomes.flatMap((o) =>
      o.files.map(async (f) => ({ path: f.path, content: await unpackText(f) })),
    ),
  );
  return { files, errors: outcomes.flatMap((o) => (o.error ? [o.error] : [])) };
}
