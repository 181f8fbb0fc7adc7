import { createHash } from "node:crypto";
import { Liquid, type Template } from "liquidjs";
import { type InstanceInput, type RenderProgram, renderContext } from "./context.ts";
import {
  DEFAULT_RENDER_OUTPUT_LIMITS,
  type OutputLimitKind,
  type OutputTally,
  boundOutput,
  isOutputTooLarge,
  outputLimitReason,
} from "./output-limits.ts";
import { normaliseRenderedPath } from "./paths.ts";
import { templateMap } from "./snippets.ts";
import { type PackedFile, packFile, storeFile } from "./zip.ts";

/** Templates whose path starts with `_` are partials: includable by that path, not emitted. */
export function isPartial(path: string): boolean {
  return path.startsWith("_");
}

/** Resource limits of every render (docs/reference/rules.md §6); a template that exceeds one fails the build. */
export const RENDER_LIMITS = {
  /** Characters of template text per parse. */
  parseLimit: 1_000_000,
  /** Milliseconds per render of one template for one instance. */
  renderLimit: 5_000,
  /** LiquidJS allocation units per render. */
  memoryLimit: 64_000_000,
};

/**
 * A LiquidJS engine that can only read the pattern's own partials (an
 * in-memory map, never the disk), sees own properties only, renders the
 * same way on every machine (UTC dates, fixed locale), and builds no text
 * longer than `fileBytes` (docs/limits.md "Rendered output").
 */
export function createLiquid(
  partials: Record<string, string>,
  fileBytes = DEFAULT_RENDER_OUTPUT_LIMITS.fileBytes,
): Liquid {
  const liquid = new Liquid({
    templates: partials,
    relativeReference: false,
    ownPropertyOnly: true,
    strictFilters: true,
    cache: true,
    timezoneOffset: 0,
    locale: "en-US",
    ...RENDER_LIMITS,
  });
  boundOutput(liquid, fileBytes);
  return liquid;
}

/** A rendered file, packed for the archive where it was rendered. */
export interface RenderedFile extends PackedFile {
  /** The template (its unrendered path) that produced the file. */
  template: string;
  /** Of the rendered text (uncompressed). */
  sha256: string;
}

/**
 * Where and why rendering failed. A template that does not parse fails the
 * first instance rendered with it, so the message names that instance too
 * (docs/reference/rules.md §6); `instance` is null only outside a render.
 */
export interface RenderFailure {
  pattern: string;
  template: string;
  instance: { id: number; name: string; folder: string } | null;
  line: number | null;
  /** Column of `line` where LiquidJS knows it (the preview marks it). */
  column?: number | null;
  reason: string;
  /** Set when the failure is an output limit (docs/limits.md "Rendered output"). */
  limit?: OutputLimitKind;
}

export class RenderError extends Error {
  constructor(readonly failure: RenderFailure) {
    super(describeFailure(failure));
    this.name = "RenderError";
  }
}

/** The build message of a failure: pattern, template path, instance and line. */
export function describeFailure(f: RenderFailure): string {
  return `Template error in ${failurePlace(f)}: ${f.reason}`;
}

/** "pattern 'P', template 'T', instance '/F/N' (id 1), line 3": what is known of them. */
export function failurePlace(f: RenderFailure): string {
  const parts = [`pattern '${f.pattern}'`];
  if (f.template) parts.push(`template '${f.template}'`);
  if (f.instance) {
    const folder = f.instance.folder === "/" ? "" : f.instance.folder;
    parts.push(`instance '${folder}/${f.instance.name}' (id ${f.instance.id})`);
  }
  if (f.line !== null) parts.push(`line ${f.line}`);
  return parts.join(", ");
}

/**
 * Adds an instance's files to the build's or chunk's `tally`; past its limit
 * throws naming the template and instance of the file that passed it.
 */
export function chargeOutput(
  tally: OutputTally,
  pattern: string,
  { id, name, folder }: { id: number; name: string; folder: string },
  files: readonly RenderedFile[],
): void {
  const over = tally.add(files);
  if (!over) return;
  throw new RenderError({
    pattern,
    template: over.template,
    instance: { id, name, folder },
    line: null,
    reason: outputLimitReason("total", tally.limit),
    limit: "total",
  });
}

type Failure = Pick<RenderFailure, "line" | "column" | "reason" | "limit">;

function failureOf(err: unknown): Failure {
  const e = err as { message?: string; token?: { getPosition?: () => [number, number] } };
  let line: number | null = null;
  let column: number | null = null;
  try {
    [line, column] = e.token?.getPosition?.() ?? [null, null];
  } catch {
    line = null;
  }
  const reason = String(e.message ?? err)
    .replace(/, file:[^,]*(?=, line:)/, "")
    .replace(/, line:\d+, col:\d+$/, "");
  return isOutputTooLarge(err) ? { line, column, reason, limit: "file" } : { line, column, reason };
}

interface CompiledTemplate {
  source: string;
  path: Template[];
  body: Template[];
  /** Why the template does not parse: reported when an instance is rendered with it. */
  broken?: Failure;
}

const encoder = new TextEncoder();

/** The templates of one pattern, parsed once; renders one instance at a time. */
export class CompiledPattern {
  private readonly liquid: Liquid;
  private readonly templates: CompiledTemplate[];
  private readonly fileBytes: number;

  constructor(readonly program: RenderProgram) {
    const partials = program.templates.filter((t) => isPartial(t.path));
    this.fileBytes = (program.outputLimits ?? DEFAULT_RENDER_OUTPUT_LIMITS).fileBytes;
    this.liquid = createLiquid(templateMap(partials, program.snippets ?? []), this.fileBytes);
    this.templates = program.templates
      .filter((t) => !isPartial(t.path))
      .map((t) => {
        try {
          return {
            source: t.path,
            path: this.liquid.parse(t.path),
            body: this.liquid.parse(t.body),
          };
        } catch (err) {
          return { source: t.path, path: [], body: [], broken: failureOf(err) };
        }
      });
  }

  /**
   * Renders every template for one instance; throws RenderError naming what
   * failed. `atTemplate` hears the index of each template before it renders
   * (a render worker records it, in case the template exhausts its memory).
   */
  render(input: InstanceInput, atTemplate?: (index: number) => void): RenderedFile[] {
    const ctx = renderContext(this.program, input);
    const files: RenderedFile[] = [];
    for (const [index, t] of this.templates.entries()) {
      atTemplate?.(index);
      const fail = (f: Failure) =>
        new RenderError({
          pattern: this.program.pattern.name,
          template: t.source,
          instance: { id: input.id, name: input.name, folder: input.folder },
          ...f,
        });
      if (t.broken) throw fail(t.broken);
      let rawPath: string;
      let text: string;
      try {
        // The context is also global, so snippets (`render` has its own scope) see it.
        const options = { globals: ctx as unknown as Record<string, unknown> };
        rawPath = String(this.liquid.renderSync(t.path, ctx, options));
        text = String(this.liquid.renderSync(t.body, ctx, options));
      } catch (err) {
        throw fail(failureOf(err));
      }
      const checked = normaliseRenderedPath(rawPath);
      if (!checked.ok) throw fail({ line: null, reason: checked.reason });
      const content = encoder.encode(text);
      if (content.byteLength > this.fileBytes)
        throw fail({
          line: null,
          reason: outputLimitReason("file", this.fileBytes),
          limit: "file",
        });
      const sha256 = createHash("sha256").update(content).digest("hex");
      const file = (this.program.storeOnly ? storeFile : packFile)(checked.path, content);
      files.push({ ...file, template: t.source, sha256 });
    }
    return files;
  }
}
