import { Worker } from "node:worker_threads";

/**
 * The executor child's guard against outliving the server. A statement runs
 * synchronously in the child's main thread (better-sqlite3 has no interrupt),
 * so nothing on that thread can notice the server is gone while a runaway
 * statement runs; a tiny worker thread can, and kills the whole process
 * (SIGKILL: SQLite rolls the open transaction back). See docs/metadata-sql.md
 * "Executors".
 */

/** How often the watchdog looks for the server: the child is gone well within 2 s. */
export const WATCH_EVERY_MS = 200;

// Plain JavaScript, evaluated without the tsx loader: the thread starts in milliseconds.
const WATCHDOG = `
const { workerData } = require("node:worker_threads");
const { parent, everyMs } = workerData;
setInterval(() => {
  let gone = process.ppid !== parent;
  if (!gone) {
    try { process.kill(parent, 0); } catch (e) { gone = e.code === "ESRCH"; }
  }
  if (gone) process.kill(process.pid, "SIGKILL");
}, everyMs);
`;

/**
 * Whether `parent` (the server that forked this process) still runs: when it
 * dies, its children are re-parented, so `process.ppid` changes.
 */
export function parentAlive(parent: number): boolean {
  if (process.ppid !== parent || !process.connected) return false;
  try {
    process.kill(parent, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** Starts the watchdog thread for this process's parent `parent`. */
export function watchParent(parent: number): void {
  const worker = new Worker(WATCHDOG, {
    eval: true,
    execArgv: [],
    workerData: { parent, everyMs: WATCH_EVERY_MS },
  });
  // The thread must not keep an idle child alive by itself.
  worker.unref();
}
