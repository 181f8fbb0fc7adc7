import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import {
  type Db,
  type ServerLease,
  claimServerLease,
  closeDatabase,
  findServerLease,
  openDatabase,
  releaseServerLease,
  renewServerLease,
} from "@metabuild/db";
import type { Logger } from "./logger.ts";

/**
 * One server process per SQLite store (docs/scale-out.md "One server per
 * SQLite store"): a server takes the store's lease at start, renews it while
 * it runs and gives it up when it stops. A second server finds it held and
 * does not start.
 */

/** A second server on a store whose lease is held: the message is for the person starting it. */
export class LeaseHeld extends Error {}

/**
 * How this host tells a process from a later one with the same pid: the
 * kernel's boot id and the process's start tick (Linux). "" where /proc is
 * missing; undefined when no process has that pid.
 */
export function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (in parentheses) may hold spaces; field 22, the start tick, is the 20th after it.
    const startTick = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}:${startTick}`;
  } catch {
    if (existsSync("/proc/self/stat")) return undefined;
  }
  // No /proc (macOS): the kernel says whether the pid runs; there is no start tick to compare.
  try {
    process.kill(pid, 0);
    return "";
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM" ? "" : undefined;
  }
}

export interface LeaseCheck {
  now: number;
  staleMs: number;
  host: string;
  startOf(pid: number): string | undefined;
}

/**
 * Whether the holder still counts: its heartbeat is younger than `staleMs`
 * and, on this host, its process still runs (a restart after kill -9 needs
 * no wait). Another host's process cannot be asked: its heartbeat decides.
 */
export function holderRuns(lease: ServerLease, check: LeaseCheck): boolean {
  if (check.now - lease.heartbeatAt > check.staleMs) return false;
  if (lease.host !== check.host) return true;
  return check.startOf(lease.pid) === lease.processStart;
}

/** "pid 12 on host web-1, since …": who holds the store. */
export function describeHolder(lease: ServerLease): string {
  return `pid ${lease.pid} on host ${lease.host}, since ${new Date(lease.since).toISOString()}`;
}

function heldMessage(lease: ServerLease, o: LeaseOptions): string {
  const staleMs = o.staleMs;
  return (
    `Another metabuild server uses the store ${o.store} (${describeHolder(lease)}); on SQLite one server process serves a store. ` +
    `Stop that server first, or give this one another store (METABUILD_DATA_DIR, DATABASE_URL). A server that died without stopping ` +
    `is passed over at once on its own host, elsewhere once its lease is older than METABUILD_SERVER_LEASE_STALE (${staleMs / 1000} s).`
  );
}

export interface HeldLease {
  readonly lease: ServerLease;
  /** Stops the heartbeat and gives the lease up (graceful stop). */
  release(): Promise<void>;
}

export interface LeaseOptions {
  /** The store's file, for the messages. */
  store: string;
  staleMs: number;
  logger: Logger;
  /** Another process took the lease (this one was stopped or cut off longer than `staleMs`). */
  lost(message: string): void;
  now?: () => number;
}

/** Takes the store's lease or throws LeaseHeld naming the holder; renews it every fifth of `staleMs`. */
export async function takeServerLease(db: Db, o: LeaseOptions): Promise<HeldLease> {
  const now = o.now ?? Date.now;
  const host = hostname();
  const started = now();
  const mine: ServerLease = {
    holder: randomUUID(),
    pid: process.pid,
    host,
    processStart: processStartOf(process.pid) ?? "",
    since: started,
    heartbeatAt: started,
  };
  // A claim fails only when another server changed the lease since it was read: read again.
  for (let attempt = 0; ; attempt++) {
    const current = await findServerLease(db);
    const check = { now: now(), staleMs: o.staleMs, host, startOf: processStartOf };
    if (current && (attempt >= 3 || holderRuns(current, check)))
      throw new LeaseHeld(heldMessage(current, o));
    if (await claimServerLease(db, { ...mine, heartbeatAt: now() }, current)) break;
  }
  let stopped = false;
  const timer = setInterval(
    async () => {
      try {
        if (stopped || (await renewServerLease(db, mine.holder, now()))) return;
        stopped = true;
        clearInterval(timer);
        const taker = await findServerLease(db);
        o.lost(
          `Another server took this store's lease${taker ? ` (${describeHolder(taker)})` : ""}: stopping this one`,
        );
      } catch (err) {
        // The store was busy (a long import): the next beat tries again.
        o.logger.warn(`Could not renew the server lease: ${(err as Error).message}`);
      }
    },
    Math.max(100, Math.floor(o.staleMs / 5)),
  );
  timer.unref();
  return {
    lease: mine,
    async release() {
      stopped = true;
      clearInterval(timer);
      await releaseServerLease(db, mine.holder);
    },
  };
}

/**
 * The server running on the store `file` (its lease, while it counts), for
 * commands that must not run beside one (restore). A store that cannot be
 * read, or predates the lease, has none: restore is how it gets repaired.
 */
export async function runningServerOf(
  file: string,
  staleMs: number,
): Promise<ServerLease | undefined> {
  if (!existsSync(file)) return undefined;
  let db: Db | undefined;
  try {
    db = openDatabase(file, { migrate: false });
    const lease = await findServerLease(db);
    const check = { now: Date.now(), staleMs, host: hostname(), startOf: processStartOf };
    return lease && holderRuns(lease, check) ? lease : undefined;
  } catch {
    return undefined;
  } finally {
    if (db) closeDatabase(db);
  }
}

/** Drops whatever lease a restored store carries from the server its backup was taken under. */
export async function forgetServerLease(db: Db): Promise<void> {
  const lease = await findServerLease(db);
  if (lease) await releaseServerLease(db, lease.holder);
}
