import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { RenderError, type RenderFailure, failurePlace, isPartial } from "./engine.ts";
import type { InstanceFiles, Renderer, WorkerAnswer } from "./renderer.ts";

interface Job {
  id: number;
  program: RenderProgram;
  inputs: InstanceInput[];
  resolve: (files: InstanceFiles[]) => void;
  reject: (err: Error) => void;
}

interface Slot {
  child: ChildProcess;
  /** Jobs posted to this worker, oldest first; it answers them in order. */
  jobs: Job[];
  /** Where the worker records what it renders (see worker.ts). */
  tracePath: string;
  /** The end of the worker's stderr: V8 says there why it aborted. */
  stderr: string;
  /** Ends the worker once it has been idle for the pool's idle time (memory). */
  idleTimer?: NodeJS.Timeout;
}

/**
 * Jobs posted ahead to each worker: the next one already waits in the worker's
 * own queue, so it never idles while the API thread is busy elsewhere.
 */
const JOBS_PER_WORKER = 2;

/** V8 heap (old generation) of each render worker, in MB (docs/builds.md). */
export const DEFAULT_RENDER_MEMORY_MB = 512;

/** An idle render worker ends after this long (docs/limits.md, METABUILD_CHILD_IDLE_SECONDS). */
export const DEFAULT_RENDER_IDLE_MS = 60_000;

const STDERR_TAIL = 4096;
/**
 * From source the .mjs entry registers tsx and loads worker.ts; compiled
 * (`pnpm build`), this module is part of a bundle that has render-worker.js
 * beside it (docs/operations.md "Runtime").
 */
const WORKER_ENTRY = import.meta.url.endsWith(".ts")
  ? new URL("./worker-entry.mjs", import.meta.url)
  : new URL("./render-worker.js", import.meta.url);
/** A server started with `--cpu-prof` profiles its workers too (bench/build's BENCH_PROFILE). */
const PROFILING = process.execArgv.filter((flag) => flag.startsWith("--cpu-prof"));
const OUT_OF_MEMORY = /heap out of memory|Allocation failed|Reached heap limit/i;

/** One worker per core by default, so the API thread stays free while builds render. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/** A template took its worker past the heap limit: names what was rendering. */
export class RenderOutOfMemory extends RenderError {
  constructor(failure: RenderFailure, limitMb: number) {
    super(failure);
    this.message = `Template rendering ran out of memory (limit ${limitMb} MB) in ${failurePlace(failure)}`;
  }
}

/**
 * A pool of up to `size` render workers, started by the first job and ended
 * after `idleMs` without work (each holds ~100 MiB). Jobs queue until a
 * worker has room; a worker that dies fails the job it was rendering, its
 * other jobs go back to the queue, and it is replaced (at once if jobs wait,
 * else at the next job).
 *
 * Workers are child processes with a V8 heap limit (`memoryMb`), not worker
 * threads: a thread's `resourceLimits` is best effort, and a single large
 * allocation near the limit (a template's `replace` on a huge string) aborts
 * the whole server instead (measured on Node 20, docs/builds.md). A child
 * that runs out of memory dies alone.
 */
export class RenderPool implements Renderer {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJob = 1;
  private spawned = 0;
  private closed = false;
  private traceDir: string | undefined;

  constructor(
    readonly size = defaultPoolSize(),
    readonly memoryMb = DEFAULT_RENDER_MEMORY_MB,
    readonly idleMs = DEFAULT_RENDER_IDLE_MS,
  ) {}

  /** The workers' process ids (their memory is a metric, docs/observability.md). */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  /** Starts the workers now rather than at the first job (they take a moment to load). */
  warm(): void {
    if (this.closed) return;
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    this.traceDir ??= mkdtempSync(join(tmpdir(), "metabuild-render-"));
    const tracePath = join(this.traceDir, `worker-${++this.spawned}`);
    const child = fork(WORKER_ENTRY, [tracePath, String(process.pid)], {
      execArgv: [...PROFILING, `--max-old-space-size=${this.memoryMb}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    const slot: Slot = { child, jobs: [], tracePath, stderr: "" };
    child.stderr?.on("data", (chunk: Buffer) => {
      slot.stderr = (slot.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("message", (answer: WorkerAnswer) => this.settle(slot, answer));
    child.on("error", () => child.kill("SIGKILL"));
    child.on("exit", (code, signal) => this.lose(slot, signal ?? `code ${code}`));
    this.idle(slot);
    return slot;
  }

  /** A busy worker keeps the process alive; an idle one does not, and ends after idleMs. */
  private idle(slot: Slot): void {
    slot.child.unref();
    slot.child.channel?.unref();
    (slot.child.stderr as { unref?: () => void } | null)?.unref?.();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
    slot.idleTimer.unref();
  }

  private busy(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.child.ref();
    slot.child.channel?.ref();
  }

  /** Ends an idle worker: out of the pool first, so its exit is no loss to replace. */
  private retire(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at < 0 || slot.jobs.length > 0) return;
    this.slots.splice(at, 1);
    slot.child.kill();
    slot.child.once("exit", () => rmSync(slot.tracePath, { force: true }));
  }

  render(program: RenderProgram, inputs: InstanceInput[]): Promise<InstanceFiles[]> {
    if (this.closed) return Promise.reject(new Error("the render pool is closed"));
    this.warm();
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextJob++, program, inputs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    // Fill the emptiest workers first, so jobs spread over all of them.
    for (let depth = 0; depth < JOBS_PER_WORKER; depth++)
      for (const slot of this.slots) {
        if (slot.jobs.length > depth || this.queue.length === 0) continue;
        const job = this.queue.shift() as Job;
        slot.jobs.push(job);
        this.busy(slot);
        // A worker that died meanwhile: its exit hands the job on (lose).
        slot.child.send({ job: job.id, program: job.program, inputs: job.inputs }, () => {});
      }
  }

  private settle(slot: Slot, answer: WorkerAnswer): void {
    const job = slot.jobs.shift();
    if (slot.jobs.length === 0) this.idle(slot);
    if (job && job.id === answer.job) {
      if (answer.ok) job.resolve(answer.results);
      else if (answer.failure) job.reject(new RenderError(answer.failure));
      else job.reject(new Error(answer.crash ?? "render worker failed"));
    }
    this.dispatch();
  }

  /** A worker died: fail the job it was rendering, queue its others again, replace it. */
  private lose(slot: Slot, how: string): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    const jobs = slot.jobs.splice(0);
    if (this.closed) {
      for (const job of jobs) job.reject(new Error("the render pool is closed"));
      return;
    }
    const trace = this.readTrace(slot);
    const culprit = jobs.find((j) => j.id === trace?.job) ?? jobs[0];
    if (culprit) culprit.reject(this.deathOf(slot, culprit, how, trace));
    this.queue.unshift(...jobs.filter((j) => j !== culprit));
    rmSync(slot.tracePath, { force: true });
    this.slots.splice(at, 1);
    // Replaced when there is work: a worker that cannot start does not respawn in a loop.
    if (this.queue.length > 0) this.warm();
    this.dispatch();
  }

  private readTrace(slot: Slot): { job: number; instance: number; template: number } | undefined {
    try {
      const bytes = readFileSync(slot.tracePath);
      if (bytes.byteLength < 12) return undefined;
      const [job, instance, template] = new Int32Array(bytes.buffer, bytes.byteOffset, 3);
      return { job, instance, template };
    } catch {
      return undefined;
    }
  }

  private deathOf(
    slot: Slot,
    job: Job,
    how: string,
    trace: { job: number; instance: number; template: number } | undefined,
  ): Error {
    if (!OUT_OF_MEMORY.test(slot.stderr)) {
      const said = slot.stderr.trim().split("\n").at(-1) ?? "";
      return new Error(`render worker died (${how})${said ? `: ${said}` : ""}`);
    }
    const traced = trace?.job === job.id;
    const input = traced ? job.inputs[trace.instance] : undefined;
    const emitted = job.program.templates.filter((t) => !isPartial(t.path));
    const failure: RenderFailure = {
      pattern: job.program.pattern.name,
      template: (traced && emitted[trace.template]?.path) || "",
      instance: input ? { id: input.id, name: input.name, folder: input.folder } : null,
      line: null,
      reason: "out of memory",
    };
    return new RenderOutOfMemory(failure, this.memoryMb);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("the render pool is closed"));
    for (const slot of this.slots) clearTimeout(slot.idleTimer);
    await Promise.all(
      this.slots.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
            s.child.once("exit", () => resolve());
            s.child.kill();
          }),
      ),
    );
    if (this.traceDir) rmSync(this.traceDir, { recursive: true, force: true });
  }
}
