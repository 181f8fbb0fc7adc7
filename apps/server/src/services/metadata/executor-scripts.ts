import { type Db, closeDatabase, openDatabase } from "@metabuild/db";
import { isWrite } from "@metabuild/core";
import type { FromChild, ToChild } from "./executor-pool.ts";
import { parentAlive } from "./executor-watchdog.ts";
import { type ScriptOutcome, runScript, viewLimitsOf } from "./run-script.ts";
import { fillViewColumns } from "./views.ts";

/**
 * The scripts side of the executor child (executor-process.ts starts it once
 * its watchdog runs): one script at a time on its own connections to the
 * store file (read-only for reads). The pool kills the child at the time
 * limit; its transaction then dies with it. A write is never committed once
 * its caller, the server `server`, is gone.
 */
/** Thrown before COMMIT when the caller is gone: the transaction rolls back. */
class CallerGone extends Error {
  constructor() {
    super("the server went away; the script was rolled back");
  }
}

interface Connections {
  read: Db;
  write?: Db;
}

// A few stores at most (tests use one file each); the oldest is closed first.
const MAX_FILES = 4;
const open = new Map<string, Connections>();

function connections(file: string): Connections {
  let c = open.get(file);
  if (c) {
    open.delete(file);
  } else {
    c = { read: openDatabase(file, { readonly: true }) };
    if (open.size >= MAX_FILES) {
      const [oldest, conns] = open.entries().next().value as [string, Connections];
      closeDatabase(conns.read);
      if (conns.write) closeDatabase(conns.write);
      open.delete(oldest);
    }
  }
  open.set(file, c);
  return c;
}

function send(message: FromChild): void {
  process.send?.(message);
}

export function serveScripts(server: number): void {
  process.on("message", (message: ToChild) => void answer(server, message));
  // The server went away: nothing is left to answer to.
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}

async function answer(server: number, message: ToChild): Promise<void> {
  const { id, task } = message;
  try {
    const c = connections(task.file);
    const { fillViewColumns: fill } = task.job;
    const writes = fill || task.job.statements.some((s) => isWrite(s.statement));
    if (writes) c.write ??= openDatabase(task.file, { migrate: false });
    const db = writes ? (c.write as Db) : c.read;
    if (fill) {
      const started = performance.now();
      await fillViewColumns(db, task.job.scope, viewLimitsOf(task.job));
      send({ id, outcome: filled(Math.round(performance.now() - started)) });
      return;
    }
    const outcome = await runScript(
      db,
      task.job,
      (stmtNo) => send({ id, stmtNo }),
      () => {
        if (!parentAlive(server)) throw new CallerGone();
      },
    );
    send({ id, outcome });
  } catch (e) {
    send({ id, failure: e instanceof Error ? e.message : String(e) });
  }
}

/** The answer to a job that stored views' columns (it has no statement). */
function filled(runtime: number): ScriptOutcome {
  const none = { columns: [], rows: [], truncated: false };
  return { stmtNo: 0, type: "DESCRIBE", sql: "", status: "FINISHED", ...none, runtime };
}
