import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { fork } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import type { ArchiveFile } from "./archive.ts";
import type { DatabaseTarget } from "./config.ts";

type Log = (line: string) => void;

export interface SqlScript {
  path: string;
  sql: string;
}

/** The archive's `.sql` files in path order (plain code-unit order, like `ls` in the C locale). */
export function sqlScripts(files: ArchiveFile[]): SqlScript[] {
  return files
    .filter((f) => f.path.toLowerCase().endsWith(".sql"))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => ({ path: f.path, sql: f.data.toString("utf8") }));
}

/** Runs the scripts in one transaction: all of them take effect, or none. */
export async function deploySql(
  files: ArchiveFile[],
  target: DatabaseTarget,
  log: Log,
  signal?: AbortSignal,
) {
  const scripts = sqlScripts(files);
  if (scripts.length === 0) {
    log("The archive holds no .sql files: nothing to run");
    return;
  }
  log(`Running ${scripts.length} .sql files in one transaction against ${describe(target)}`);
  if (target.kind === "sqlite") await runSqlite(target.file, scripts, log, signal);
  else await runPostgres(target.url, scripts, log, signal);
  log(`Committed ${scripts.length} .sql files`);
}

function describe(target: DatabaseTarget): string {
  if (target.kind === "sqlite") return `SQLite ${target.file}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.host}${url.pathname}`; // never the password
}

async function runSqlite(file: string, scripts: SqlScript[], log: Log, signal?: AbortSignal) {
  signal?.throwIfAborted();
  await mkdir(dirname(file), { recursive: true });
  // A process, not a thread: a cancel or a time limit must stop a statement
  // SQLite is inside of; the next connection rolls the killed transaction back.
  const child = fork(fileURLToPath(new URL("./sqlite-worker.js", import.meta.url)), [], {
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = once(child, "exit");
  child.send({ file, scripts });
  let abort = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      child.on("message", (m: { type: string; line?: string; message?: string }) => {
        if (m.type === "log" && m.line) log(m.line);
        else if (m.type === "done") resolve();
        else if (m.type === "error") reject(new Error(m.message));
      });
      child.on("error", reject);
      // A promise settles once: this only counts when nothing else settled it.
      child.on("exit", (code, sig) =>
        reject(new Error(`The SQLite process stopped (${sig ?? `exit code ${code}`})`)),
      );
      abort = () => {
        child.kill("SIGKILL");
        // Answer once the process (and its lock on the file) is gone.
        void exited.then(() => reject(signal?.reason ?? new Error("Aborted")));
      };
      signal?.addEventListener("abort", abort, { once: true });
    });
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}

async function runPostgres(url: string, scripts: SqlScript[], log: Log, signal?: AbortSignal) {
  signal?.throwIfAborted();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Dropping the connection makes PostgreSQL roll the transaction back.
  const abort = () => void client.end();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await client.query("BEGIN");
    for (const script of scripts) {
      log(`Running ${script.path}`);
      try {
        await client.query(script.sql);
      } catch (err) {
        throw new Error(`${script.path}: ${(err as Error).message}`);
      }
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    signal?.removeEventListener("abort", abort);
    if (!signal?.aborted) await client.end();
  }
}
