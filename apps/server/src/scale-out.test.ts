import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuildDeployment, HarvestRun, MetadataResult } from "@metabuild/contract";
import {
  type Db,
  createFileDatabaseIfMissing,
  postgresHandle,
  returnedRow,
  tablesOf,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentProcess } from "./testing/agent-process.ts";
import { SLOW_SQL } from "./testing/agent-seed.ts";
import { buildClient } from "./testing/build-client.ts";
import { seedBuildCatalog, seedManyHubs } from "./testing/builds-fixture.ts";
import { openEventStream } from "./testing/event-stream.ts";
import { type Harness, TEST_PASSWORD, seedBasic } from "./testing/harness.ts";
import { ServerProcess, freePort } from "./testing/server-process.ts";

/**
 * Several real `metabuild serve` processes on one PostgreSQL store, with one
 * shared data folder (docs/scale-out.md): a build started through one is
 * followed and downloaded through the other, its progress reaches the
 * other's event stream, and killing the process rendering it hands the
 * build to the survivor. A real agent connected to one process runs a
 * deployment and a harvest requested through the other; killing the process
 * holding the agent ends its running deployment FAILED, seen through the
 * survivor.
 */
let store: TestPostgresStore;
let db: Db;
let dataDir: string;
let seeded: Awaited<ReturnType<typeof seedBasic>>;
const servers: ServerProcess[] = [];
const agents: AgentProcess[] = [];
const AGENT_SECRET = "agent-secret-1";
let agent: { id: number; agentId: string };

async function spawnServer(): Promise<ServerProcess> {
  const server = new ServerProcess(await freePort(), {
    DATABASE_URL: store.url,
    METABUILD_DATA_DIR: dataDir,
    METABUILD_BUILD_CLAIM_STALE: "2",
    METABUILD_AGENT_CONNECTION_STALE: "2",
    METABUILD_BUILD_WORKERS: "1",
    LOG_LEVEL: "warn",
  });
  servers.push(server);
  await server.ready();
  return server;
}

/** The API of one process, in the shape the test helpers take. */
function through(server: ServerProcess): Harness {
  const call = (path: string, token?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (typeof init.body === "string") headers.set("Content-Type", "application/json");
    return fetch(`${server.url}${path}`, { ...init, headers });
  };
  return { call } as unknown as Harness;
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/authentication`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ strategy: "local", email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

beforeAll(async () => {
  store = await testPostgresStore();
  db = postgresHandle(store.db);
  dataDir = mkdtempSync(join(tmpdir(), "metabuild-scale-out-"));
  seeded = await seedBasic(db);
  const catalog = await seedBuildCatalog(db, seeded);
  await seedManyHubs(db, catalog, seeded.dwh.id, 1500);
  agent = await seedDeployable(db);
}, 180_000);

/** A one-file pattern in /bulk with a quick and a slow deployment, and an agent for them. */
async function seedDeployable(db: Db) {
  const t = tablesOf(db);
  const [folder] = await db.select().from(t.instanceFolders);
  const bulk = (await db.select().from(t.instanceFolders)).find((f) => f.path === "/bulk");
  const pattern = returnedRow(
    await db.insert(t.patterns).values({ customerId: seeded.acme.id, name: "SLOW" }).returning(),
  );
  await db
    .insert(t.templates)
    .values({ patternId: pattern.id, path: "slow.sql", body: SLOW_SQL, posNo: 0 });
  await db.insert(t.instances).values({
    customerId: seeded.acme.id,
    projectId: seeded.dwh.id,
    patternId: pattern.id,
    instanceFolderId: (bulk ?? folder).id,
    name: "ONE",
  });
  await db.insert(t.deployments).values([
    { patternId: pattern.id, name: "to-folder", kind: "directory", config: '{"target":"out"}' },
    { patternId: pattern.id, name: "slow-db", kind: "sql", config: '{"database":"slow"}' },
  ]);
  return returnedRow(
    await db
      .insert(t.agents)
      .values({
        customerId: seeded.acme.id,
        name: "runner",
        agentId: "11111111-1111-4111-8111-111111111111",
        secretHash: bcrypt.hashSync(AGENT_SECRET, 4),
      })
      .returning(),
  );
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until)
      throw new Error(`Timed out waiting for ${what}; the agent said:\n${agents.at(-1)?.output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  await Promise.all(agents.map((a) => a.kill()));
  await Promise.all(servers.map((s) => s.kill()));
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("two server processes on one PostgreSQL store", { timeout: 240_000 }, () => {
  it("hands a build to the other process when the one rendering it is killed", async () => {
    const a = await spawnServer();
    const token = await signIn(a, "ann@acme.test");
    const viaA = buildClient(through(a));
    const started = await viaA.start(token, {
      project: "DWH",
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    expect(started.status).toBe(201);
    const id = started.body.build?.id as number;
    // A renders it (B does not run yet): wait for its first progress.
    for (let b = await viaA.get(token, id); b.progress === 0; b = await viaA.get(token, id))
      await new Promise((r) => setTimeout(r, 20));
    const b = await spawnServer();
    await a.kill("SIGKILL");
    const viaB = buildClient(through(b));
    const ended = await viaB.settled(token, id);
    expect(ended.status, ended.message).toBe("FINISHED");
    expect(ended.message).toBe("Built 1500 instance(s) into 1 archive(s)");
  });

  it("follows a build started through one process live and to the end through the other", async () => {
    const [b] = servers.filter(
      (s) => s.child.exitCode === null && s.child.signalCode === null,
    ) as ServerProcess[];
    const a = await spawnServer();
    const token = await signIn(b as ServerProcess, "ann@acme.test");
    const stream = await openEventStream(through(b as ServerProcess), token);
    const started = await buildClient(through(a)).start(token, {
      project: "DWH",
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    const id = started.body.build?.id as number;
    const seen: string[] = [];
    for (;;) {
      const event = await stream.next(60_000);
      if (!event) break;
      const build = event.data as { id?: number; status?: string };
      if (build.id !== id) continue;
      seen.push(event.event);
      if (event.event === "build.status" && build.status !== "BUILDING") break;
    }
    expect(seen).toContain("build.progress");
    expect(seen.at(-1)).toBe("build.status");
    const viaB = buildClient(through(b as ServerProcess));
    const ended = await viaB.settled(token, id);
    expect(ended.status).toBe("FINISHED");
    // The archive another process wrote is read from the shared data folder.
    const files = await viaB.files(token, ended);
    expect(files.size).toBeGreaterThan(1500);
    await stream.close();
  });

  it("runs a deployment and a harvest requested through one process on an agent connected to the other", async () => {
    const live = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    while (live.length < 2) live.push(await spawnServer());
    const [a, b] = live as [ServerProcess, ServerProcess];
    const token = await signIn(b, "ann@acme.test");
    const viaB = through(b);
    const api = async <T>(path: string, init: RequestInit = {}) => {
      const res = await viaB.call(path, token, init);
      return { status: res.status, body: (await res.json()) as T };
    };
    const built = await buildClient(through(a)).build(token, {
      project: "DWH",
      instances: [{ pattern: "SLOW", folder: "/bulk", name: "*" }],
      wait: true,
    });
    expect(built.build.status).toBe("FINISHED");
    // The agent's on- and offline changes reach B's event stream, though A holds its socket.
    const stream = await openEventStream(viaB, token);
    const agentDir = join(dataDir, "agent");
    createFileDatabaseIfMissing(
      join(dataDir, "shop.db"),
      `CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL);
       CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id));`,
    );
    writeFileSync(
      join(dataDir, "agent.yaml"),
      [
        `directory_root: ${agentDir}`,
        "databases:",
        `  slow: { sqlite: ${join(dataDir, "slow.db")} }`,
        "sources:",
        "  shop: { type: sqlite, file: ./shop.db }",
        "reconnect: { min_ms: 100, max_ms: 400 }",
      ].join("\n"),
    );
    agents.push(
      new AgentProcess({
        server: a.url,
        agentId: agent.agentId,
        secret: AGENT_SECRET,
        config: join(dataDir, "agent.yaml"),
      }),
    );
    for (;;) {
      const event = await stream.next(60_000);
      expect(event, agents[0]?.output).toBeDefined();
      const seen = event?.data as { agent?: { id: number; online: boolean } };
      if (event?.event === "agent.online" && seen.agent?.id === agent.id && seen.agent.online)
        break;
    }
    const deploy = async (deployment: string) => {
      const res = await api<BuildDeployment>("/api/v1/build_deployments", {
        method: "POST",
        body: JSON.stringify({ build_id: built.build.id, deployment, agent_id: agent.id }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const runOf = async (id: number) =>
      (await api<BuildDeployment>(`/api/v1/build_deployments/${id}`)).body;

    const quick = await deploy("to-folder");
    const done = await waitFor("the run through B to end", async () => {
      const r = await runOf(quick.id);
      return r.status === "QUEUED" || r.status === "RUNNING" ? undefined : r;
    });
    expect(done.status, done.log).toBe("SUCCEEDED");
    expect(existsSync(join(agentDir, "out", "slow.sql"))).toBe(true);

    // A harvest through B: B knows the agent's sources, A sends the run and lands the catalog.
    const sources = await api<{ agent_id: number; sources: string[] }[]>("/api/v1/harvest_sources");
    expect(sources.body).toEqual([
      expect.objectContaining({ agent_id: agent.id, sources: ["shop"] }),
    ]);
    const harvest = await api<HarvestRun>("/api/v1/harvests", {
      method: "POST",
      body: JSON.stringify({ project: "DWH", agent_id: agent.id, source: "shop" }),
    });
    expect(harvest.status, JSON.stringify(harvest.body)).toBe(201);
    const harvested = await waitFor("the harvest through B to end", async () => {
      const r = (await api<HarvestRun>(`/api/v1/harvests/${harvest.body.id}`)).body;
      return r.status === "QUEUED" || r.status === "RUNNING" ? undefined : r;
    });
    expect(harvested.status, harvested.log).toBe("SUCCEEDED");
    const tables = await api<MetadataResult>("/api/v1/metadata", {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        statement: "SELECT TABLE_NAME FROM @TABLES.SHOP_TABLES ORDER BY 1",
      }),
    });
    expect(tables.body.rows).toEqual([{ TABLE_NAME: "customers" }, { TABLE_NAME: "orders" }]);

    // The process holding the agent dies while its run is going: B ends the run, never stuck.
    const slow = await deploy("slow-db");
    await waitFor("the slow run to start", async () =>
      (await runOf(slow.id)).status === "RUNNING" ? true : undefined,
    );
    await a.kill("SIGKILL");
    const failed = await waitFor("the slow run to end", async () => {
      const r = await runOf(slow.id);
      return r.status === "RUNNING" ? undefined : r;
    });
    expect(failed.status).toBe("FAILED");
    expect(failed.log).toContain(
      "FAILED: The server process holding agent 'runner' stopped while the run was queued or running",
    );
    for (;;) {
      const event = await stream.next(60_000);
      expect(event).toBeDefined();
      const seen = event?.data as { agent?: { id: number; online: boolean } };
      if (event?.event === "agent.online" && seen.agent?.id === agent.id && !seen.agent.online)
        break;
    }
    await stream.close();
  });
});
