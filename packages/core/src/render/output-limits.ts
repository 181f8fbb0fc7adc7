import {
  AssignTag,
  type Context,
  type Emitter,
  type Liquid,
  type Template,
  toValue,
} from "liquidjs";

/**
 * How much text rendering may produce (docs/limits.md "Rendered output"):
 * each file, and every text a template builds on the way (`capture`,
 * `assign`), at most `fileBytes`; all files of one build or preview at most
 * `totalBytes`. LiquidJS's own memoryLimit counts neither captures nor output
 * (issue 28), so these are counted here while the template renders.
 */
export interface RenderOutputLimits {
  fileBytes: number;
  totalBytes: number;
}

export const DEFAULT_RENDER_OUTPUT_LIMITS: RenderOutputLimits = {
  fileBytes: 16 * 1024 * 1024,
  totalBytes: 256 * 1024 * 1024,
};

/** Which output limit a render failure is about (the preview answers 413 for them). */
export type OutputLimitKind = "file" | "total";

export function outputLimitReason(kind: OutputLimitKind, limit: number): string {
  return kind === "file"
    ? `rendered text exceeds the limit of ${limit} bytes per file`
    : `rendered files exceed the limit of ${limit} bytes in all`;
}

/** Counts the rendered bytes of a build, a preview or a chunk against `limit`. */
export class OutputTally {
  private bytes = 0;
  constructor(readonly limit: number) {}

  /** Adds the files' (uncompressed) sizes; the first file past the limit, or undefined. */
  add<F extends { size: number }>(files: readonly F[]): F | undefined {
    for (const file of files) {
      this.bytes += file.size;
      if (this.bytes > this.limit) return file;
    }
    return undefined;
  }
}

/** Thrown inside LiquidJS when a text grows past the per-file limit; LiquidJS adds the line. */
export class OutputTooLarge extends Error {
  constructor(readonly limit: number) {
    super(outputLimitReason("file", limit));
    this.name = "OutputTooLarge";
  }
}

/** The error LiquidJS wrapped, if it was OutputTooLarge. */
export function isOutputTooLarge(err: unknown): boolean {
  const e = err as { originalError?: unknown } | null;
  return err instanceof OutputTooLarge || e?.originalError instanceof OutputTooLarge;
}

/** LiquidJS's own `stringify` (not exported): what `write` appends for a value. */
function textOf(value: unknown): string {
  const v = toValue(value);
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map(textOf).join("");
  return String(v);
}

/**
 * An emitter that refuses to grow past `limit` characters: a UTF-16 unit is
 * at least one byte in UTF-8, so counting characters never refuses a text
 * within the limit; the file's bytes are checked once it is encoded.
 * Appended text is not charged to LiquidJS's memoryLimit: the common
 * `{% capture s %}{{ s }}…{% endcapture %}` loop would pay for its whole
 * text on every turn and fail at a few hundred KB.
 */
class BoundedEmitter implements Emitter {
  buffer = "";
  constructor(private readonly limit: number) {}

  write(html: unknown): void {
    const text = textOf(html);
    if (this.buffer.length + text.length > this.limit) throw new OutputTooLarge(this.limit);
    this.buffer += text;
  }
}

/**
 * Bounds every text `liquid` renders to `fileBytes`: the output of each
 * template and each `capture` (LiquidJS renders both through
 * `renderer.renderTemplates` without an emitter of their own), and each
 * string an `assign` stores.
 */
export function boundOutput(liquid: Liquid, fileBytes: number): void {
  const renderer = liquid.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = (templates: Template[], ctx: Context, emitter?: Emitter) =>
    renderTemplates(templates, ctx, emitter ?? new BoundedEmitter(fileBytes));

  liquid.registerTag(
    "assign",
    class BoundedAssign extends AssignTag {
      override *render(ctx: Context): Generator<unknown, void, unknown> {
        yield super.render(ctx);
        const key = (this as unknown as { key: string }).key;
        const value = ctx.bottom()[key];
        if (typeof value === "string" && value.length > fileBytes)
          throw new OutputTooLarge(fileBytes);
      }
    },
  );
}
