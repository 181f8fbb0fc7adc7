import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApiTokenCreated } from "@metabuild/contract";
import { postgresHandle } from "@metabuild/db";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, seedBasic } from "../../../testing/harness.ts";
import { ServerProcess, freePort } from "../../../testing/server-process.ts";

/**
 * Issue 25: an API token is checked against the store on every request, so
 * two real server processes on one PostgreSQL store agree at once on a
 * revocation and on a grant its owner lost (docs/identity.md).
 */
let store: TestPostgresStore;
let dataDir: string;
let seeded: Awaited<ReturnType<typeof seedBasic>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  store = await testPostgresStore();
  seeded = await seedBasic(postgresHandle(store.db));
  dataDir = mkdtempSync(join(tmpdir(), "metabuild-tokens-"));
  const env = {
    DATABASE_URL: store.url,
    METABUILD_DATA_DIR: dataDir,
    METABUILD_BUILD_WORKERS: "0",
    LOG_LEVEL: "warn",
  };
  a = new ServerProcess(await freePort(), env);
  b = new ServerProcess(await freePort(), env);
  await Promise.all([a.ready(), b.ready()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((s) => s.kill()));
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function call(server: ServerProcess, path: string, token: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return fetch(`${server.url}${path}`, { ...init, headers });
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

const newFolder = (server: ServerProcess, token: string, path: string) =>
  call(server, "/api/console/folders", token, {
    method: "POST",
    body: JSON.stringify({ project: "DWH", path }),
  });

describe("API tokens on two server processes", { timeout: 120_000 }, () => {
  it("a revocation through one is refused by the other at once", async () => {
    const ann = await signIn(a, "ann@acme.test");
    const res = await call(a, "/api/console/tokens", ann, {
      method: "POST",
      body: JSON.stringify({
        name: "ci",
        project: "DWH",
        permissions: ["access", "write_instances"],
        expires_in_days: 7,
      }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as ApiTokenCreated;
    expect((await call(b, "/api/v1/projects", created.token)).status).toBe(200);
    expect((await newFolder(b, created.token, "/one")).status).toBe(201);

    // The owner loses a grant through A: B refuses the write at once.
    const admin = await signIn(a, "admin@acme.test");
    const lost = await call(a, "/api/console/admin/grants", admin, {
      method: "PUT",
      body: JSON.stringify({
        user_id: seeded.ann.id,
        project_id: seeded.dwh.id,
        permission: "write_instances",
        granted: false,
      }),
    });
    expect(lost.status).toBe(200);
    expect((await newFolder(b, created.token, "/two")).status).toBe(403);

    const revoked = await call(a, `/api/console/tokens/${created.id}`, ann, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    expect((await call(b, "/api/v1/projects", created.token)).status).toBe(401);
    expect((await call(a, "/api/v1/projects", created.token)).status).toBe(401);
  });
});
