import { TooManyRequests } from "@metabuild/core";

/**
 * Fairness for a runner without executor children (PostgreSQL's, which runs
 * scripts in this process): the same rules as the executor pool's
 * (docs/metadata-sql.md "Fairness"). At most `perUser` scripts of one owner
 * run at once and at most `executors` in all; the others wait in line,
 * skipped by other owners' scripts, and one that got no turn within
 * `queueMs` is refused before anything ran.
 */

export interface TurnLimits {
  owner: string;
  perUser: number;
  queueMs: number;
  executors: number;
  /** The time limit: when a running script ends at the latest (Retry-After). */
  timeoutMs: number;
}

/** No turn within the queue wait. `ownerAtCap`: the owner's own scripts filled it. */
export interface Busy {
  retryAfterSeconds: number;
  ownerAtCap: boolean;
}

interface Running {
  owner: string;
  endsBy: number;
}

interface Waiter {
  limits: TurnLimits;
  start: () => void;
}

export class ScriptTurns {
  private readonly running: Running[] = [];
  private readonly queue: Waiter[] = [];

  /**
   * Runs `work` when its turn comes; answers Busy instead when none came
   * within the queue wait (nothing ran).
   */
  async run<T>(limits: TurnLimits, work: () => Promise<T>): Promise<T | Busy> {
    const turn = await this.take(limits);
    if (!("release" in turn)) return turn;
    try {
      return await work();
    } finally {
      turn.release();
    }
  }

  private take(limits: TurnLimits): Promise<{ release: () => void } | Busy> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        limits,
        start: () => {
          clearTimeout(waiting);
          const run = { owner: limits.owner, endsBy: performance.now() + limits.timeoutMs };
          this.running.push(run);
          resolve({ release: () => this.release(run) });
        },
      };
      const waiting = setTimeout(() => {
        const k = this.queue.indexOf(waiter);
        if (k < 0) return;
        this.queue.splice(k, 1);
        resolve(this.busy(limits));
      }, limits.queueMs);
      waiting.unref();
      this.queue.push(waiter);
      this.dispatch();
    });
  }

  private runningFor(owner: string): number {
    return this.running.filter((r) => r.owner === owner).length;
  }

  private release(run: Running): void {
    const k = this.running.indexOf(run);
    if (k >= 0) this.running.splice(k, 1);
    this.dispatch();
  }

  /** Starts what may start, oldest first, skipping owners at their cap (a cap of 0 counts as 1). */
  private dispatch(): void {
    for (let k = 0; k < this.queue.length; ) {
      const { limits, start } = this.queue[k];
      if (this.runningFor(limits.owner) >= Math.max(1, limits.perUser)) {
        k++;
        continue;
      }
      if (this.running.length >= Math.max(1, limits.executors)) return;
      this.queue.splice(k, 1);
      start();
    }
  }

  /** Retry-After: seconds until the first of the blocking scripts reaches its time limit. */
  private busy(limits: TurnLimits): Busy {
    const ownerAtCap = this.runningFor(limits.owner) >= Math.max(1, limits.perUser);
    const blocking = this.running.filter((r) => !ownerAtCap || r.owner === limits.owner);
    const firstEnd = Math.min(...blocking.map((r) => r.endsBy));
    const seconds = Number.isFinite(firstEnd) ? (firstEnd - performance.now()) / 1000 : 1;
    return { retryAfterSeconds: Math.max(1, Math.ceil(seconds)), ownerAtCap };
  }
}

/** The HTTP 429 both runners answer for a script that got no turn (docs/metadata-sql.md "Fairness"). */
export function busyRefusal(busy: Busy, perUser: number): TooManyRequests {
  const err = new TooManyRequests(
    busy.ownerAtCap
      ? `You are running ${perUser} metadata statements at once already; try again when one has finished`
      : "Every metadata statement executor is busy; try again shortly",
  );
  err.headers["Retry-After"] = String(busy.retryAfterSeconds);
  return err;
}
