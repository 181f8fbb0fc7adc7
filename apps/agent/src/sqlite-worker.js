// Runs a `sql` deployment's scripts against a SQLite file in one transaction.
// It runs in a worker thread so the agent keeps answering heartbeats while a
// long statement runs (better-sqlite3 is synchronous). Plain JavaScript: a
// worker thread cannot load TypeScript under tsx.
import { parentPort, workerData } from "node:worker_threads";

// better-sqlite3 is the agent package's one (optional, native) dependency:
// a host that could not install it still runs directory and PostgreSQL
// deployments (docs/agents.md "Installing on another host").
async function loadDriver() {
  try {
    return (await import("better-sqlite3")).default;
  } catch {
    throw new Error(
      "SQLite targets need better-sqlite3, which is not installed with this agent: reinstall it on a host that can build or download better-sqlite3",
    );
  }
}

const { file, scripts } = workerData;
let db;
try {
  const Database = await loadDriver();
  db = new Database(file);
  db.pragma("busy_timeout = 5000");
  db.exec("BEGIN IMMEDIATE");
  for (const script of scripts) {
    parentPort.postMessage({ type: "log", line: `Running ${script.path}` });
    try {
      db.exec(script.sql);
    } catch (err) {
      throw new Error(`${script.path}: ${err.message}`);
    }
  }
  db.exec("COMMIT");
  parentPort.postMessage({ type: "done" });
} catch (err) {
  if (db?.inTransaction) db.exec("ROLLBACK");
  parentPort.postMessage({ type: "error", message: err.message });
} finally {
  db?.close();
}
