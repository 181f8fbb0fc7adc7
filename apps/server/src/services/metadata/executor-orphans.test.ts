import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "@metabuild/db";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, seedBasic } from "../../testing/harness.ts";
import { ServerProcess, freePort, processesWith } from "../../testing/server-process.ts";

/**
 * Issue 12: when the server dies (kill -9 included), its statement executors
 * die too, an open write is never committed, and the next start is not
 * stopped by a lock a leftover child holds. A real server process and real
 * executor children (docs/metadata-sql.md "Executors").
 */

const EXECUTOR = "executor-process";
const RUNAWAY =
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r";

const dir = mkdtempSync(join(tmpdir(), "metabuild-orphans-"));
const marker = `METABUILD_DATA_DIR=${dir}`;
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.kill();
  // Whatever the outcome, nothing of this test may keep running.
  for (const pid of processesWith(EXECUTOR, marker)) process.kill(pid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = new ServerProcess(await freePort(), {
    METABUILD_DATA_DIR: dir,
    METABUILD_SQL_TIMEOUT_MS: "120000",
  });
  servers.push(server);
  await server.ready();
  return server;
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/authentication`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

function sql(server: ServerProcess, token: string, projectId: number, statement: string) {
  return fetch(`${server.url}/api/v1/metadata`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ project_id: projectId, statement }),
  });
}

/** Whether some connection holds the store's write lock (a write transaction is open). */
function writeLocked(file: string): boolean {
  const db = openDatabase(file, { migrate: false });
  try {
    db.$client.pragma("busy_timeout = 0");
    db.$client.exec("BEGIN IMMEDIATE; ROLLBACK");
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === "SQLITE_BUSY") return true;
    throw e;
  } finally {
    closeDatabase(db);
  }
}

async function until(what: string, check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("metadata executors when the server dies", () => {
  it("kill -9 of the server: every executor exits within 2 s, the open write is rolled back, the next start works", async () => {
    const file = join(dir, "metabuild.db");
    const seeded = openDatabase(file);
    const { dwh } = await seedBasic(seeded);
    closeDatabase(seeded);

    const first = await start();
    const token = await signIn(first);
    const created = await sql(first, token, dwh.id, "CREATE TABLE @TABLES.T (N INTEGER)");
    const createdBody = (await created.json()) as { status: string; error?: string };
    expect(createdBody.status, createdBody.error).toBe("FINISHED");

    // A runaway SELECT, and a write kept open by the runaway SELECT after it.
    const answers = [
      sql(first, token, dwh.id, RUNAWAY),
      sql(first, token, dwh.id, `INSERT INTO @TABLES.T VALUES (1); ${RUNAWAY}`),
    ].map((p) => p.catch(() => undefined));
    await until("the write to hold the lock", () => writeLocked(file), 30_000);
    await until("two busy executors", () => processesWith(EXECUTOR, marker).length >= 2, 30_000);
    await new Promise((r) => setTimeout(r, 300));

    await first.kill("SIGKILL");
    const killedAt = Date.now();
    // The bound: every executor exits within 2 s of the server's death.
    await until("the executors to exit", () => processesWith(EXECUTOR, marker).length === 0, 2_000);
    expect(Date.now() - killedAt).toBeLessThan(2_000);
    await Promise.all(answers);

    // The same data directory starts again (no `database is locked`), without the write.
    const second = await start();
    const again = await sql(
      second,
      await signIn(second),
      dwh.id,
      "SELECT count(*) AS n FROM @TABLES.T",
    );
    expect(((await again.json()) as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    // A normal stop leaves none behind either, within the same bound: the server exits
    // right after it has killed them, before the system has reaped every one.
    await second.kill("SIGTERM");
    await until(
      "the executors to exit after a normal stop",
      () => processesWith(EXECUTOR, marker).length === 0,
      2_000,
    );
  }, 180_000);
});
