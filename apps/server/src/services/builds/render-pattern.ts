import {
  type InstanceFiles,
  type ManifestInstance,
  type OutputTally,
  type PatternArchive,
  type Renderer,
  chargeOutput,
} from "@metabuild/core";
import type { BuildRow } from "@metabuild/db";
import type { PatternRenderSource } from "./render-source.ts";

/** Instances per render job: small enough that the API thread never waits long on one. */
const CHUNK_SIZE = 100;

/** A failure whose message is meant for the build's `message` as it is. */
export class BuildFailure extends Error {}

/** Where one build's run stands (BuildRunner, docs/builds.md). */
export interface RunState {
  build: BuildRow;
  /** Bytes of every file rendered so far, against the total output limit. */
  output: OutputTally;
  total: number;
  rendered: number;
  message: string;
  lastReport: number;
}

/** What rendering a pattern needs of the runner. */
export interface PatternRun {
  renderer: Renderer;
  /** Render jobs of one build in flight at once. */
  inflight: number;
  /** Throws when the build was cancelled, lost or the server stops. */
  checkpoint(): void;
  /** Writes and publishes progress (at most every PROGRESS_INTERVAL_MS). */
  report(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders one pattern's instances in chunks, several in flight, adding results in order. */
export async function renderPattern(
  run: PatternRun,
  state: RunState,
  source: PatternRenderSource,
  archive: PatternArchive,
  ids: number[],
): Promise<void> {
  state.message = `Rendering ${source.program.pattern.name}`;
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK_SIZE) chunks.push(ids.slice(i, i + CHUNK_SIZE));
  type Job = Promise<{ size: number; results: InstanceFiles[]; manifest: ManifestInstance[] }>;
  const pending: Job[] = [];
  let next = 0;
  const launch = async () => {
    const chunk = chunks[next++];
    const { inputs, manifest } = await source.load(chunk);
    const job: Job = run.renderer
      .render(source.program, inputs)
      .then((results) => ({ size: chunk.length, results, manifest }));
    // Awaited in order below; a later job failing first must not go unhandled.
    job.catch(() => {});
    pending.push(job);
  };
  while (pending.length < run.inflight && next < chunks.length) {
    // One chunk's load per turn keeps each stretch on the API thread short.
    await nextTurn();
    run.checkpoint();
    await launch();
  }
  while (pending.length > 0) {
    const { size, results, manifest } = await (pending.shift() as Job);
    run.checkpoint();
    const byId = new Map(manifest.map((m) => [m.id, m]));
    for (const r of results) {
      const instance = byId.get(r.instanceId) as ManifestInstance;
      chargeOutput(state.output, source.program.pattern.name, instance, r.files);
      const problem = archive.add(instance, r.files);
      if (problem) throw new BuildFailure(problem);
    }
    state.rendered += size;
    const last = results[results.length - 1];
    const at = last ? byId.get(last.instanceId) : undefined;
    if (at)
      state.message = `Rendering ${source.program.pattern.name}: ${at.folder === "/" ? "" : at.folder}/${at.name}`;
    await run.report();
    if (next < chunks.length) await launch();
  }
}
