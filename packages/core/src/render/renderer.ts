import type { InstanceInput, RenderProgram } from "./context.ts";
import {
  CompiledPattern,
  type RenderFailure,
  type RenderedFile,
  RenderError,
  chargeOutput,
} from "./engine.ts";
import { DEFAULT_RENDER_OUTPUT_LIMITS, OutputTally } from "./output-limits.ts";

export interface InstanceFiles {
  instanceId: number;
  files: RenderedFile[];
}

/** Renders chunks of instances of one program; in this thread or in a worker pool. */
export interface Renderer {
  render(program: RenderProgram, inputs: InstanceInput[]): Promise<InstanceFiles[]>;
  /** Gets ready for the first job (starts workers). */
  warm(): void;
  close(): Promise<void>;
}

/** Compiled patterns by program key; a few builds' worth, oldest dropped first. */
export class CompiledCache {
  private readonly entries = new Map<string, CompiledPattern>();
  constructor(private readonly capacity = 16) {}

  get(program: RenderProgram): CompiledPattern {
    let compiled = this.entries.get(program.key);
    if (!compiled) {
      compiled = new CompiledPattern(program);
      this.entries.set(program.key, compiled);
      if (this.entries.size > this.capacity) {
        const oldest = this.entries.keys().next().value as string;
        this.entries.delete(oldest);
      }
    }
    return compiled;
  }
}

/** Where a render stands: the instance (index in the chunk) and the template (index) being rendered. */
export type RenderTrace = (instance: number, template: number) => void;

/**
 * Renders a chunk with a cache; the one code path of the worker and the
 * inline renderer. A chunk alone may not pass the total output limit, so no
 * answer a worker sends is larger (the build counts its chunks together).
 */
export function renderChunk(
  cache: CompiledCache,
  program: RenderProgram,
  inputs: InstanceInput[],
  trace?: RenderTrace,
): InstanceFiles[] {
  const compiled = cache.get(program);
  const tally = new OutputTally((program.outputLimits ?? DEFAULT_RENDER_OUTPUT_LIMITS).totalBytes);
  return inputs.map((input, i) => {
    const files = compiled.render(input, trace && ((template) => trace(i, template)));
    chargeOutput(tally, program.pattern.name, input, files);
    return { instanceId: input.id, files };
  });
}

/** What a worker answers for one job. */
export type WorkerAnswer =
  | { job: number; ok: true; results: InstanceFiles[] }
  | { job: number; ok: false; failure?: RenderFailure; crash?: string };

export function answerOf(job: number, run: () => InstanceFiles[]): WorkerAnswer {
  try {
    return { job, ok: true, results: run() };
  } catch (err) {
    if (err instanceof RenderError) return { job, ok: false, failure: err.failure };
    return { job, ok: false, crash: err instanceof Error ? err.message : String(err) };
  }
}

/** Renders in the calling thread (config.buildWorkers = 0); still yields between chunks. */
export class InlineRenderer implements Renderer {
  private readonly cache = new CompiledCache();

  async render(program: RenderProgram, inputs: InstanceInput[]): Promise<InstanceFiles[]> {
    // Let pending I/O run between chunks so the API keeps answering.
    await new Promise((resolve) => setImmediate(resolve));
    return renderChunk(this.cache, program, inputs);
  }

  warm(): void {}

  async close(): Promise<void> {}
}
