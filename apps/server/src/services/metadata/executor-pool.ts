import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ScriptJob, ScriptOutcome } from "./run-script.ts";

/**
 * Runs metadata scripts in child processes, killed when the time limit
 * passes. Not worker threads: better-sqlite3 has no interrupt or progress
 * callback, and terminating a worker does not stop SQLite inside a running
 * statement (measured: the thread went on at full CPU for minutes). A killed
 * process takes its open transaction with it, so SQLite rolls it back.
 */

export interface ExecutorTask {
  /** The store's SQLite file; the child opens its own connections to it. */
  file: string;
  job: ScriptJob;
}

export type ExecutorReply =
  | { kind: "done"; outcome: ScriptOutcome }
  /** Killed at the time limit while running statement `stmtNo`. */
  | { kind: "timeout"; stmtNo: number }
  | { kind: "crashed"; stmtNo: number; reason: string };

/** Messages between the pool and a child. */
export type ToChild = { id: number; task: ExecutorTask };
export type FromChild =
  | { ready: true }
  | { id: number; stmtNo: number }
  | { id: number; outcome: ScriptOutcome }
  | { id: number; failure: string };

interface Pending {
  task: ExecutorTask;
  timeoutMs: number;
  resolve: (r: ExecutorReply) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  /** Killed at a time limit: it takes no more tasks. */
  retired?: boolean;
  running?: { id: number; pending: Pending; stmtNo: number; timer: NodeJS.Timeout };
}

const entry = fileURLToPath(new URL("./executor-process.ts", import.meta.url));
// The child runs TypeScript from source like the server: through tsx's loader.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const STARTUP_LIMIT_MS = 60_000;

export class ExecutorPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism()))) {}

  run(task: ExecutorTask, timeoutMs: number): Promise<ExecutorReply> {
    return new Promise((resolve) => {
      this.queue.push({ task, timeoutMs, resolve });
      this.dispatch();
    });
  }

  /** Starts a child ahead of the first statement (server start), unless one is there. */
  warm(): void {
    if (this.slots.length === 0) this.spawn();
  }

  /** Stops every child (tests, shutdown); running scripts end as crashed. */
  close(): void {
    for (const slot of [...this.slots]) slot.child.kill("SIGKILL");
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.find((s) => s.ready && !s.running && !s.retired);
      if (idle) {
        this.start(idle, this.queue.shift() as Pending);
        continue;
      }
      // A child still starting takes the next task when it is ready.
      if (this.slots.length < this.size && this.slots.every((s) => s.ready)) this.spawn();
      return;
    }
  }

  private spawn(): void {
    const child = fork(entry, [], {
      execArgv: ["--import", tsxLoader],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const slot: Slot = { child, ready: false };
    this.slots.push(slot);
    const startup = setTimeout(() => child.kill("SIGKILL"), STARTUP_LIMIT_MS);
    startup.unref();
    child.on("message", (m: FromChild) => {
      if ("ready" in m) {
        clearTimeout(startup);
        slot.ready = true;
        this.idle(slot);
        this.dispatch();
      } else this.onMessage(slot, m);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(startup);
      this.forget(slot);
      const running = slot.running;
      if (running) {
        clearTimeout(running.timer);
        running.pending.resolve({
          kind: "crashed",
          stmtNo: running.stmtNo,
          reason: signal ? `stopped by ${signal}` : `exit code ${code}`,
        });
      } else if (!slot.ready && !slot.retired && this.queue.length > 0) {
        // The child never came up: answer what waits instead of retrying forever.
        for (const p of this.queue.splice(0))
          p.resolve({ kind: "crashed", stmtNo: 1, reason: "the statement executor did not start" });
      }
      this.dispatch();
    });
  }

  private start(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      const running = slot.running;
      if (running?.id !== id) return;
      // Out of the pool at once: no new task may reach a child being killed.
      slot.running = undefined;
      slot.retired = true;
      this.forget(slot);
      pending.resolve({ kind: "timeout", stmtNo: running.stmtNo });
      slot.child.kill("SIGKILL");
      // Start the replacement now, so the next statement does not wait for it.
      if (this.queue.length === 0) this.warm();
      this.dispatch();
    }, pending.timeoutMs);
    slot.running = { id, pending, stmtNo: pending.task.job.statements[0]?.stmtNo ?? 1, timer };
    slot.child.ref();
    (slot.child.channel as { ref?: () => void } | undefined)?.ref?.();
    slot.child.send({ id, task: pending.task } satisfies ToChild);
  }

  private onMessage(slot: Slot, m: Exclude<FromChild, { ready: true }>): void {
    const running = slot.running;
    if (!running || running.id !== m.id) return;
    if ("stmtNo" in m) {
      running.stmtNo = m.stmtNo;
      return;
    }
    clearTimeout(running.timer);
    slot.running = undefined;
    this.idle(slot);
    running.pending.resolve(
      "outcome" in m
        ? { kind: "done", outcome: m.outcome }
        : { kind: "crashed", stmtNo: running.stmtNo, reason: m.failure },
    );
    this.dispatch();
  }

  private forget(slot: Slot): void {
    const k = this.slots.indexOf(slot);
    if (k >= 0) this.slots.splice(k, 1);
  }

  /** An idle child must not keep the process (or a test run) alive. */
  private idle(slot: Slot): void {
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }
}

let shared: ExecutorPool | undefined;

/** The process-wide pool: children are warm across requests (and across test apps). */
export function sharedExecutorPool(): ExecutorPool {
  shared ??= new ExecutorPool();
  return shared;
}
