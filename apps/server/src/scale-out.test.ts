import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, postgresHandle } from "@metabuild/db";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * build to the survivor.
 */
let store: TestPostgresStore;
let db: Db;
let dataDir: string;
let seeded: Awaited<ReturnType<typeof seedBasic>>;
const servers: ServerProcess[] = [];

async function spawnServer(): Promise<ServerProcess> {
  const server = new ServerProcess(await freePort(), {
    DATABASE_URL: store.url,
    METABUILD_DATA_DIR: dataDir,
    METABUILD_BUILD_CLAIM_STALE: "2",
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
}, 180_000);

afterAll(async () => {
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
});
