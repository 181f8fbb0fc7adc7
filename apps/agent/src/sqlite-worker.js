// Runs a `sql` deployment's scripts against a SQLite file in one transaction,
// or (mode "catalog") reads a SQLite source's catalog for a harvest
// (docs/harvesting.md). It runs apart from the agent's thread so the agent
// keeps answering heartbeats while a long statement runs (better-sqlite3 is
// synchronous): a worker thread for a catalog, a child process for a
// deployment, which a cancel or a time limit can kill mid-statement (a
// thread cannot be stopped inside SQLite; the killed transaction's journal
// is rolled back by the next connection). Plain JavaScript: neither a worker
// thread nor a forked script loads TypeScript under tsx.
import { once } from "node:events";
import { parentPort, workerData } from "node:worker_threads";

/** The job and the way back: the parent thread, or the parent process over IPC. */
async function host() {
  if (parentPort) return { job: workerData, post: (m) => parentPort.postMessage(m) };
  const [job] = await once(process, "message");
  return { job, post: (m) => process.send(m) };
}

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

/** `VARCHAR(40)` → 40, `DECIMAL(10,2)` → 10, `TEXT` → null. */
function declaredLength(type) {
  const m = /\(\s*(\d+)/.exec(type ?? "");
  return m ? Number(m[1]) : null;
}

/** `DECIMAL(10,2)` → 2; null unless the type states a second number (`VARCHAR(40)`, `TEXT`). */
function declaredScale(type) {
  const m = /\(\s*\d+\s*,\s*(-?\d+)\s*\)/.exec(type ?? "");
  return m ? Number(m[1]) : null;
}

/** The catalog of a SQLite file: tables, columns, primary and foreign keys (no comments in SQLite). */
function readCatalog(db) {
  const catalog = { tables: [], columns: [], keys: [], foreign_keys: [] };
  const objects = db
    .prepare(
      "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all();
  const pkOf = new Map();
  for (const o of objects) {
    catalog.tables.push({ schema: null, name: o.name, type: o.type.toUpperCase(), comment: null });
    const cols = db.prepare("SELECT * FROM pragma_table_info(?) ORDER BY cid").all(o.name);
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    pkOf.set(
      o.name,
      pk.map((c) => c.name),
    );
    cols.forEach((c, i) => {
      catalog.columns.push({
        schema: null,
        table: o.name,
        name: c.name,
        position: i + 1,
        type: c.type ?? "",
        length: declaredLength(c.type),
        scale: declaredScale(c.type),
        // A primary key column counts as not nullable, as in the other databases.
        nullable: c.notnull === 0 && c.pk === 0,
        comment: null,
      });
    });
    pk.forEach((c, i) => {
      catalog.keys.push({
        schema: null,
        table: o.name,
        name: null,
        column: c.name,
        position: i + 1,
      });
    });
  }
  for (const o of objects) {
    if (o.type !== "table") continue;
    const fks = db.prepare("SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq").all(o.name);
    for (const fk of fks) {
      // `REFERENCES t` without columns means t's primary key.
      const to = fk.to ?? pkOf.get(fk.table)?.[fk.seq] ?? null;
      catalog.foreign_keys.push({
        schema: null,
        table: o.name,
        name: null,
        column: fk.from,
        position: fk.seq + 1,
        referenced_schema: null,
        referenced_table: fk.table,
        referenced_column: to,
      });
    }
  }
  return catalog;
}

const { job, post } = await host();
const { file, scripts, mode } = job;
let db;
try {
  const Database = await loadDriver();
  if (mode === "catalog") {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    post({ type: "done", catalog: readCatalog(db) });
  } else {
    db = new Database(file);
    db.pragma("busy_timeout = 5000");
    db.exec("BEGIN IMMEDIATE");
    for (const script of scripts) {
      post({ type: "log", line: `Running ${script.path}` });
      try {
        db.exec(script.sql);
      } catch (err) {
        throw new Error(`${script.path}: ${err.message}`);
      }
    }
    db.exec("COMMIT");
    post({ type: "done" });
  }
} catch (err) {
  if (db?.inTransaction) db.exec("ROLLBACK");
  post({ type: "error", message: err.message });
} finally {
  db?.close();
  if (!parentPort) process.disconnect();
}
