import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Build, BuildDeployment } from "@metabuild/contract";
import { readArchive } from "@metabuild/core";
import { findAgentById, findStoredFile, openDatabase } from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, testConfig } from "../../config.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { AgentProcess } from "../../testing/agent-process.ts";
import { PASSWORD, SECRET, seedStore } from "../../testing/agent-seed.ts";

/**
 * Acceptance: a real server (startServer on a free port, temp data folder)
 * and real agent processes (`node --import tsx apps/agent/src/main.ts`).
 */

const HEARTBEAT_MS = 1000;
const silent = { info() {}, warn() {}, error() {} };

let tmp: string;
let config: Config;
let server: RunningServer;
let token: string;
let build: Build;
let ids: Awaited<ReturnType<typeof seedStore>>;
const agents: AgentProcess[] = [];

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

function startAgent(agentId = ids.runner.agentId, secret = SECRET): AgentProcess {
  const agent = new AgentProcess({
    server: server.url,
    agentId,
    secret,
    config: join(tmp, "agent.yaml"),
  });
  agents.push(agent);
  return agent;
}

const isOnline = async () =>
  (await findAgentById(server.deps.db, ids.acme.id, ids.runner.id))?.online === 1;

async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until)
      throw new Error(
        `Timed out waiting for ${what}; the last agent said:\n${agents.at(-1)?.output.slice(-2000)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deploy(body: object): Promise<BuildDeployment> {
  const res = await api<BuildDeployment>("/api/v1/build_deployments", {
    method: "POST",
    body: JSON.stringify({ build_id: build.id, ...body }),
  });
  expect(res.status).toBe(201);
  return res.body;
}

const run = async (id: number) =>
  (await api<BuildDeployment>(`/api/v1/build_deployments/${id}`)).body;

async function finished(id: number): Promise<BuildDeployment> {
  return waitFor(`run ${id} to end`, async () => {
    const r = await run(id);
    return r.status === "SUCCEEDED" || r.status === "FAILED" ? r : undefined;
  });
}

function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return out;
}

async function startTheServer(port = 0) {
  server = await startServer({ ...config, port }, silent);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-agents-"));
  config = testConfig({
    dataDir: join(tmp, "data"),
    databaseFile: join(tmp, "data", "metabuild.db"),
    agentHeartbeatMs: HEARTBEAT_MS,
  });
  writeFileSync(
    join(tmp, "agent.yaml"),
    [
      "directory_root: ./deploy",
      "databases:",
      "  default: { sqlite: ./target.db }",
      "  slow: { sqlite: ./slow.db }",
      "reconnect: { min_ms: 100, max_ms: 400 }",
    ].join("\n"),
  );
  await startTheServer();
  ids = await seedStore(server.deps.db);
  const auth = await api<{ accessToken: string }>("/authentication", {
    method: "POST",
    body: JSON.stringify({ strategy: "local", email: "admin@acme.test", password: PASSWORD }),
  });
  token = auth.body.accessToken;
  const started = await api<{ build: Build }>("/api/v1/builds", {
    method: "POST",
    body: JSON.stringify({
      project: "DWH",
      instances: [
        { pattern: "HUB", folder: "/", name: "*" },
        { pattern: "SLOW", folder: "/", name: "*" },
      ],
      wait: true,
    }),
  });
  expect(started.body.build.status).toBe("FINISHED");
  build = started.body.build;
  startAgent();
  await waitFor("the agent to come online", isOnline);
}, 60_000);

afterAll(async () => {
  await Promise.all(agents.map((a) => a.kill()));
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("agents with a real agent process", { timeout: 120_000 }, () => {
  it("deploys a directory whose files equal the archive's", async () => {
    const created = await deploy({ deployment: "to-folder", agent_id: ids.runner.id });
    const done = await finished(created.id);
    expect(done.status, done.log).toBe("SUCCEEDED");
    expect(done.started_at).not.toBeNull();
    expect(done.log).toContain("Archive HUB.zip verified");

    const download = build.downloads.find((d) => d.pattern === "HUB");
    const res = await fetch(`${server.url}/api/v1/downloads/${download?.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const archive = await readArchive(Buffer.from(await res.arrayBuffer()));
    const expected = new Map([...archive].map(([path, data]) => [path, data.toString("utf8")]));
    expect(expected.has("tables/customer.sql")).toBe(true);
    expect(filesUnder(join(tmp, "deploy", "out"))).toEqual(expected);
  });

  it("runs a sql deployment on a group's agent; the tables exist in the SQLite file", async () => {
    const created = await deploy({ deployment: "to-db", agent_group: "local" });
    expect(created.agent_id).toBe(ids.runner.id);
    const done = await finished(created.id);
    expect(done.status, done.log).toBe("SUCCEEDED");
    expect(done.log).toContain("Running tables/customer.sql");
    const target = openDatabase(join(tmp, "target.db"), { migrate: false, readonly: true });
    const tables = target.$client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all();
    expect(tables).toEqual([{ name: "CUSTOMER" }, { name: "ORDERS" }]);
    expect(target.$client.prepare("SELECT name FROM CUSTOMER").all()).toEqual([
      { name: "CUSTOMER" },
    ]);
    target.$client.close();
  });

  it("refuses a tampered archive without touching the target", async () => {
    const before = filesUnder(join(tmp, "deploy", "out"));
    const download = build.downloads.find((d) => d.pattern === "HUB");
    const stored = await findStoredFile(server.deps.db, download?.file_id as number);
    const path = join(config.dataDir, "files", stored?.key as string);
    const original = readFileSync(path);
    const tampered = Buffer.from(original);
    tampered[30] ^= 0x20; // a byte of the first file's name in its local header
    writeFileSync(path, tampered);
    try {
      const done = await finished(
        (await deploy({ deployment: "to-folder", agent_id: ids.runner.id })).id,
      );
      expect(done.status).toBe("FAILED");
      expect(done.log).toMatch(
        /Archive refused: its sha256 is [0-9a-f]{64}, but the server recorded/,
      );
      expect(filesUnder(join(tmp, "deploy", "out"))).toEqual(before);
    } finally {
      writeFileSync(path, original);
    }
  });

  it("refuses a wrong secret and a disabled agent", async () => {
    const badSecret = startAgent(ids.runner.agentId, "not-the-secret");
    const disabled = startAgent(ids.off.agentId, SECRET);
    expect(await badSecret.exited).toBe(3);
    expect(badSecret.output).toContain("The server refused this agent: Invalid agent id or secret");
    expect(await disabled.exited).toBe(3);
    expect(disabled.output).toContain("The server refused this agent: Agent 'off' is disabled");
    expect((await findAgentById(server.deps.db, ids.acme.id, ids.off.id))?.online).toBe(0);
    // The real runner's connection is not disturbed by a failed sign-in with its id.
    expect(await isOnline()).toBe(true);
  });

  it("fails the run when the agent is killed mid-run, and takes the agent back after a restart", async () => {
    const created = await deploy({ deployment: "slow-db", agent_id: ids.runner.id });
    await waitFor("the slow run to start", async () => {
      const r = await run(created.id);
      return r.status === "RUNNING" && r.log.includes("Running slow.sql");
    });
    agents[0].signal("SIGKILL");
    const done = await finished(created.id);
    expect(done.status).toBe("FAILED");
    expect(done.finished_at).not.toBeNull();
    expect(done.log).toMatch(/FAILED: Agent 'runner' disconnected during the run/);
    await waitFor("the agent to be offline", async () => !(await isOnline()));
    const restarted = startAgent();
    await waitFor("the restarted agent to come online", isOnline);
    await waitFor("the agent's welcome", () => restarted.output.includes("Connected to"));
  });

  it("takes a silent agent offline within the heartbeat limit; it reconnects when it wakes", async () => {
    const agent = agents.at(-1) as AgentProcess;
    agent.signal("SIGSTOP");
    // Two silent heartbeats, give or take one tick: far below the 60 s of the default.
    await waitFor(
      "the frozen agent to go offline",
      async () => !(await isOnline()),
      HEARTBEAT_MS * 10,
    );
    agent.signal("SIGCONT");
    await waitFor("the agent to reconnect", isOnline);
  });

  it("ends runs when the server stops, and the agent reconnects to the restarted server", async () => {
    const created = await deploy({ deployment: "slow-db", agent_id: ids.runner.id });
    await waitFor(
      "the slow run to start",
      async () => (await run(created.id)).status === "RUNNING",
    );
    const port = Number(new URL(server.url).port);
    await server.close();
    await startTheServer(port);
    const after = await run(created.id);
    expect(after.status).toBe("FAILED");
    expect(after.log).toMatch(/FAILED: .*(shutting down|restarted)/);
    await waitFor("the agent to reconnect to the new server", isOnline);
    // And it works again: the earlier slow run was stopped, so this one is not stuck behind it.
    const again = await finished(
      (await deploy({ deployment: "to-folder", agent_id: ids.runner.id })).id,
    );
    expect(again.status, again.log).toBe("SUCCEEDED");
  });
});
