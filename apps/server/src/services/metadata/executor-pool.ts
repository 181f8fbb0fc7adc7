import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
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

/** How one script may run (from Config; per call, as the pool is shared by apps). */
export interface RunLimits {
  timeoutMs: number;
  /** Whose script it is: at most `perUser` of one owner's scripts run at once. */
  owner: string;
  perUser: number;
  /** Longest wait for a turn (owner at the cap, or every executor busy) before `busy`. */
  queueMs: number;
  /** Most child processes of the pool. */
  executors: number;
}

export type ExecutorReply =
  | { kind: "done"; outcome: ScriptOutcome }
  /** Killed at the time limit while running statement `stmtNo`. */
  | { kind: "timeout"; stmtNo: number }
  | { kind: "crashed"; stmtNo: number; reason: string }
  /** Ended by a normal stop (server shutdown, Ctrl-C): not a failure worth an error log. */
  | { kind: "stopped"; stmtNo: number }
  /** Not started: no turn within the queue wait. `ownerAtCap`: the owner's own scripts filled it. */
  | { kind: "busy"; retryAfterSeconds: number; ownerAtCap: boolean };

/** Messages between the pool and a child. */
export type ToChild = { id: number; task: ExecutorTask };
export type FromChild =
  | { ready: true }
  | { id: number; stmtNo: number }
  | { id: number; outcome: ScriptOutcome }
  | { id: number; failure: string };

interface Pending {
  task: ExecutorTask;
  limits: RunLimits;
  resolve: (r: ExecutorReply) => void;
  /** Ends the wait in line (queue wait). */
  waiting?: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  /** Killed at a time limit: it takes no more tasks. */
  retired?: boolean;
  running?: {
    id: number;
    pending: Pending;
    stmtNo: number;
    timer: NodeJS.Timeout;
    /** When the time limit kills it (performance.now()). */
    endsBy: number;
  };
  /** Stops an idle extra child after a while (memory). */
  idleTimer?: NodeJS.Timeout;
}

// From source the child runs TypeScript through tsx's loader, like the server;
// compiled (`pnpm build`), executor-process.js sits beside this bundle with
// nothing to load (docs/operations.md "Runtime").
const fromSource = import.meta.url.endsWith(".ts");
const entry = fileURLToPath(
  new URL(fromSource ? "./executor-process.ts" : "./executor-process.js", import.meta.url),
);
const loaderArgs = fromSource
  ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href]
  : [];
const STARTUP_LIMIT_MS = 60_000;
/** An idle child stops after this long unless warm() says otherwise (METABUILD_CHILD_IDLE_SECONDS). */
const DEFAULT_IDLE_MS = 60_000;
/** Children an idle pool keeps (docs/metadata-sql.md "Executors"). */
const KEPT_WHEN_IDLE = 1;

/**
 * Fairness (docs/metadata-sql.md "Fairness"): at most `perUser` scripts of
 * one owner run at once, the others wait in line, skipped by other owners'
 * scripts; one ready child is kept spare while the pool is below
 * `executors`, so another user's statement starts at once while one user's
 * runaway statements run.
 */
export class ExecutorPool {
  private readonly slots: Slot[] = [];

  /** The executors' process ids. */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private executors = 4;

  /** How long a child may stay idle before it stops (memory: ~100 MiB each). */
  private idleMs = DEFAULT_IDLE_MS;

  run(task: ExecutorTask, limits: RunLimits): Promise<ExecutorReply> {
    return new Promise((resolve) => {
      this.executors = Math.max(1, limits.executors);
      const pending: Pending = { task, limits, resolve };
      this.queue.push(pending);
      this.dispatch();
      if (this.queue.includes(pending)) this.waitInLine(pending);
    });
  }

  /** Children ready and idle (tests and the bench wait for the warm ones). */
  get idleCount(): number {
    return this.slots.filter((s) => s.ready && !s.running && !s.retired).length;
  }

  /** Running scripts of `owner`. */
  private runningFor(owner: string): number {
    return this.slots.filter((s) => s.running?.pending.limits.owner === owner).length;
  }

  /**
   * Refuses a script that got no turn within the queue wait, unless it only
   * waits for a child that is starting (after a server start, a crash).
   */
  private waitInLine(pending: Pending): void {
    pending.waiting = setTimeout(() => {
      if (!this.queue.includes(pending)) return;
      const { owner, perUser } = pending.limits;
      const ownerAtCap = this.runningFor(owner) >= perUser;
      if (!ownerAtCap && this.slots.some((s) => !s.ready)) return this.waitInLine(pending);
      this.queue.splice(this.queue.indexOf(pending), 1);
      const blocking = this.slots
        .map((s) => s.running)
        .filter((r) => r && (!ownerAtCap || r.pending.limits.owner === owner));
      const firstEnd = Math.min(...blocking.map((r) => r?.endsBy ?? 0));
      const seconds = Number.isFinite(firstEnd) ? (firstEnd - performance.now()) / 1000 : 1;
      pending.resolve({
        kind: "busy",
        retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
        ownerAtCap,
      });
    }, pending.limits.queueMs);
    pending.waiting.unref();
  }

  /**
   * Starts `count` children ahead of the first statement (server start):
   * with one more than a user's cap, a user at the cap leaves a ready child
   * for everyone else (a child takes ~1 s to start). Any child idle for
   * `idleMs` stops, these too, but one: the next statement never waits for
   * a start.
   */
  warm(count = 1, idleMs?: number): void {
    if (idleMs !== undefined) this.idleMs = idleMs;
    while (this.slots.length < count) this.spawn();
  }

  /** Stops every child (tests, shutdown); running and waiting scripts end as crashed. */
  close(): void {
    // What waits in line ends too: nothing may start children after the close.
    for (const p of this.queue.splice(0)) {
      clearTimeout(p.waiting);
      p.resolve({ kind: "stopped", stmtNo: 1 });
    }
    // Out of the pool first: their exits must not make it start spares.
    for (const slot of this.slots.splice(0)) {
      slot.retired = true;
      clearTimeout(slot.idleTimer);
      const running = slot.running;
      if (running) {
        slot.running = undefined;
        clearTimeout(running.timer);
        running.pending.resolve({ kind: "stopped", stmtNo: running.stmtNo });
      }
      slot.child.kill("SIGKILL");
    }
  }

  /** Starts what may start, oldest first, skipping owners at their cap; then tops up children. */
  private dispatch(): void {
    let waiting = 0;
    for (let k = 0; k < this.queue.length; ) {
      const pending = this.queue[k];
      if (this.runningFor(pending.limits.owner) >= pending.limits.perUser) {
        k++;
        continue;
      }
      const idle = this.slots.find((s) => s.ready && !s.running && !s.retired);
      if (!idle) {
        // Those that could start now if there were children (owners at their cap cannot).
        waiting = this.queue
          .slice(k)
          .filter((p) => this.runningFor(p.limits.owner) < p.limits.perUser).length;
        break;
      }
      this.queue.splice(k, 1);
      clearTimeout(pending.waiting);
      this.start(idle, pending);
    }
    this.topUp(waiting);
  }

  /**
   * Starts children for the scripts that could run now, plus one spare
   * while any runs (a child takes about 1 s to start), up to `executors`.
   */
  private topUp(waiting: number): void {
    const busy = this.slots.some((s) => s.running);
    const ready = this.slots.filter((s) => s.ready && !s.running && !s.retired).length;
    const starting = this.slots.filter((s) => !s.ready).length;
    const wanted = waiting + (busy ? 1 : 0) - ready - starting;
    for (let k = 0; k < wanted && this.slots.length < this.executors; k++) this.spawn();
  }

  private spawn(): void {
    // Its server's pid, for its watchdog: by the time the child has loaded, the server may be gone.
    const child = fork(entry, [String(process.pid)], {
      execArgv: loaderArgs,
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
        // Ctrl-C or a service stop reaches the children too, maybe before close().
        running.pending.resolve(
          signal === "SIGINT" || signal === "SIGTERM"
            ? { kind: "stopped", stmtNo: running.stmtNo }
            : {
                kind: "crashed",
                stmtNo: running.stmtNo,
                reason: signal ? `stopped by ${signal}` : `exit code ${code}`,
              },
        );
      } else if (!slot.ready && !slot.retired && this.queue.length > 0) {
        // The child never came up: answer what waits instead of retrying forever.
        for (const p of this.queue.splice(0)) {
          clearTimeout(p.waiting);
          p.resolve({ kind: "crashed", stmtNo: 1, reason: "the statement executor did not start" });
        }
      }
      this.dispatch();
    });
  }

  private start(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    clearTimeout(slot.idleTimer);
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
    }, pending.limits.timeoutMs);
    slot.running = {
      id,
      pending,
      stmtNo: pending.task.job.statements[0]?.stmtNo ?? 1,
      timer,
      endsBy: performance.now() + pending.limits.timeoutMs,
    };
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

  /** An idle child must not keep the process (or a test run) alive, and stops after idleMs. */
  private idle(slot: Slot): void {
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      // One child stays: a statement after a quiet spell must not wait for a start,
      // which takes seconds on a busy machine (the console's SQL editor showed "Running…").
      if (slot.running || slot.retired || this.slots.length <= KEPT_WHEN_IDLE) return;
      slot.retired = true;
      this.forget(slot);
      slot.child.kill("SIGKILL");
    }, this.idleMs);
    slot.idleTimer.unref();
  }
}

let shared: ExecutorPool | undefined;

/** The shared pool's children (their memory is a metric); none before it is first used. */
export function executorPids(): number[] {
  return shared?.pids ?? [];
}

/** The process-wide pool: children are warm across requests (and across test apps). */
export function sharedExecutorPool(): ExecutorPool {
  shared ??= new ExecutorPool();
  return shared;
}
