import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, findAgentById, findServerLease, openDatabase } from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentProcess } from "./testing/agent-process.ts";
import { SECRET, seedStore } from "./testing/agent-seed.ts";
import { ServerProcess, freePort } from "./testing/server-process.ts";
import { runCli } from "./testing/cli-run.ts";

/**
 * Issue 17: on SQLite a second server process on the same store is refused
 * with a clear message instead of marking the first one's agents offline
 * (docs/scale-out.md "One server per SQLite store"). Real server processes.
 */

let dir: string;
let file: string;
let archive: string;
let ids: Awaited<ReturnType<typeof seedStore>>;
const servers: ServerProcess[] = [];
const agents: AgentProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "metabuild-lease-"));
  file = join(dir, "metabuild.db");
  archive = `${dir}.tar`;
  const db = openDatabase(file);
  ids = await seedStore(db);
  closeDatabase(db);
  writeFileSync(join(dir, "agent.yaml"), "reconnect: { min_ms: 100, max_ms: 400 }\n");
});

afterAll(async () => {
  for (const a of agents) await a.kill();
  for (const s of servers) await s.kill();
  rmSync(dir, { recursive: true, force: true });
  rmSync(archive, { force: true });
});

/**
 * A server on the test's store. The stale bound is long: a start after kill -9
 * may only be quick because the holder's pid is gone, not because time passed.
 */
async function spawnServer(): Promise<ServerProcess> {
  const server = new ServerProcess(await freePort(), {
    METABUILD_DATA_DIR: dir,
    METABUILD_BUILD_WORKERS: "0",
    METABUILD_SERVER_LEASE_STALE: "600",
  });
  servers.push(server);
  return server;
}

async function lease() {
  const db = openDatabase(file, { migrate: false });
  try {
    return await findServerLease(db);
  } finally {
    closeDatabase(db);
  }
}

async function agentOnline(): Promise<boolean> {
  const db = openDatabase(file, { migrate: false });
  try {
    return (await findAgentById(db, ids.acme.id, ids.runner.id))?.online === 1;
  } finally {
    closeDatabase(db);
  }
}

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = 40_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function metabuild(...argv: string[]) {
  // The servers' own lease settings: with the default 30 s, a server that
  // renews every 120 s (600 s / 5) would look stopped to this command.
  return runCli(
    { METABUILD_DATA_DIR: dir, DATABASE_URL: "", METABUILD_SERVER_LEASE_STALE: "600" },
    argv,
  );
}

describe("one server process per SQLite store", { timeout: 180_000 }, () => {
  it("refuses a second server with exit code 2 naming the holder; the first keeps its agent online", async () => {
    const first = await spawnServer();
    await first.ready();
    agents.push(
      new AgentProcess({
        server: first.url,
        agentId: ids.runner.agentId,
        secret: SECRET,
        config: join(dir, "agent.yaml"),
      }),
    );
    await until("the agent to be online", agentOnline);

    const second = await spawnServer();
    const outcome = await second.ready().then(
      () => "serving",
      () => "exited",
    );
    // The first server and its agent carry on untouched.
    expect(await agentOnline()).toBe(true);
    expect(outcome).toBe("exited");
    expect(await second.exited).toBe(2);
    expect(second.output).toContain(`pid ${first.child.pid} on host ${hostname()}`);
    expect(second.output).toContain("METABUILD_SERVER_LEASE_STALE");
    expect((await fetch(`${first.url}/health`)).ok).toBe(true);
  });

  it("CLI commands other than serve still run beside a server; restore is refused", async () => {
    const running = servers.find((s) => s.child.exitCode === null) as ServerProcess;
    const backup = await metabuild("backup", archive);
    expect(backup.code, backup.err).toBe(0);
    const exported = await metabuild("export", "--customer", "Acme");
    expect(exported.code, exported.err).toBe(0);

    // Replacing the files under a running server would lose its writes or corrupt the store.
    const restore = await metabuild("restore", "--force", archive);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain(`pid ${running.child.pid} on host ${hostname()}`);
    expect(await agentOnline()).toBe(true);
  });

  it("starts at once after the holder was killed with -9; a graceful stop frees the store", async () => {
    const first = servers.find((s) => s.child.exitCode === null) as ServerProcess;
    await first.kill("SIGKILL");
    // Its pid no longer runs on this host: no wait for the lease to go stale (600 s here).
    const next = await spawnServer();
    await next.ready();
    // The agent reconnects to nobody: the restarted server recovered the store's agent state.
    expect(await agentOnline()).toBe(false);

    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
    expect(await lease()).toBeUndefined();
    // The backup was taken under a running server: the restored store comes without its lease.
    const restored = await metabuild("restore", "--force", archive);
    expect(restored.code, restored.err).toBe(0);
    expect(await lease()).toBeUndefined();
    const after = await spawnServer();
    await after.ready();
    await after.kill("SIGTERM");
  });
});
