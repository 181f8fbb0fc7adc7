import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { RenderError } from "./engine.ts";
import type { InstanceFiles, Renderer, WorkerAnswer } from "./renderer.ts";

interface Job {
  id: number;
  program: RenderProgram;
  inputs: InstanceInput[];
  resolve: (files: InstanceFiles[]) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Jobs posted to this worker, oldest first; it answers them in order. */
  jobs: Job[];
}

/**
 * Jobs posted ahead to each worker: the next one already waits in the worker's
 * own queue, so it never idles while the API thread is busy elsewhere.
 */
const JOBS_PER_WORKER = 2;

/** One worker per core by default, so the API thread stays free while builds render. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/**
 * A fixed pool of render workers. Jobs queue until a worker has room; a
 * worker that dies fails its jobs and is replaced.
 */
export class RenderPool implements Renderer {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJob = 1;
  private closed = false;

  constructor(readonly size = defaultPoolSize()) {}

  /** Starts the workers now rather than at the first job (they take a moment to load). */
  warm(): void {
    if (this.closed) return;
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    // The entry registers tsx, so workers run the TypeScript source like the rest of the app.
    const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url));
    worker.unref();
    const slot: Slot = { worker, jobs: [] };
    worker.on("message", (answer: WorkerAnswer) => this.settle(slot, answer));
    worker.on("error", (err) => this.lose(slot, err));
    worker.on("exit", (code) => {
      if (!this.closed) this.lose(slot, new Error(`render worker exited with code ${code}`));
    });
    return slot;
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
        // A busy worker keeps the process alive; an idle one does not.
        slot.worker.ref();
        slot.worker.postMessage({ job: job.id, program: job.program, inputs: job.inputs });
      }
  }

  private settle(slot: Slot, answer: WorkerAnswer): void {
    const job = slot.jobs.shift();
    if (slot.jobs.length === 0) slot.worker.unref();
    if (job && job.id === answer.job) {
      if (answer.ok) job.resolve(answer.results);
      else if (answer.failure) job.reject(new RenderError(answer.failure));
      else job.reject(new Error(answer.crash ?? "render worker failed"));
    }
    this.dispatch();
  }

  private lose(slot: Slot, err: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    for (const job of slot.jobs.splice(0)) job.reject(err);
    void slot.worker.terminate();
    if (this.closed) return;
    this.slots[at] = this.spawn();
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("the render pool is closed"));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
