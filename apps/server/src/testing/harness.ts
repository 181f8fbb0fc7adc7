import { type Db, openDatabase, returnedRow, tablesOf } from "@metabuild/db";
import { freshPostgresHandle, testStoreKind } from "@metabuild/db/testing";
import { createApp } from "../app.ts";
import { type Config, testConfig } from "../config.ts";
import { manualClock } from "../infra/clock.ts";
import { MemoryFileStore } from "../infra/file-store.ts";
import type { Logger } from "../infra/logger.ts";
import { Metrics } from "../infra/metrics.ts";
import type { AppDeps } from "../services/deps.ts";
import { createServices } from "../services/index.ts";
import bcrypt from "bcryptjs";

// METABUILD_TEST_LOG=1 shows the app's log (a 500's cause) while a test is written.
const silent = process.env.METABUILD_TEST_LOG
  ? { info() {}, warn: console.warn, error: console.error }
  : { info() {}, warn() {}, error() {} };
// Hashing is slow on purpose; tests share one hash of the common password.
export const TEST_PASSWORD = "pass-word-1";
const TEST_HASH = bcrypt.hashSync(TEST_PASSWORD, 4);

/** An app on a fresh in-memory store, with helpers to seed it and sign in. */
export function createHarness(overrides: Partial<Config> = {}, extra: { logger?: Logger } = {}) {
  // The project's store (docs/stores.md "Tests"): SQLite in memory unless a
  // test needs a file other processes can open (metadata statements), or a
  // fresh PostgreSQL database in the `server-postgres` project.
  const db =
    testStoreKind() === "postgres" && !overrides.databaseFile
      ? freshPostgresHandle().db
      : openDatabase(overrides.databaseFile ?? ":memory:");
  const clock = manualClock(new Date());
  const files = new MemoryFileStore();
  const deps: AppDeps = {
    db,
    config: testConfig(overrides),
    clock,
    files,
    logger: extra.logger ?? silent,
    metrics: new Metrics(),
  };
  const services = createServices(deps);
  const app = createApp(deps, services);

  async function token(email: string, password = TEST_PASSWORD): Promise<string> {
    const res = await app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email, password }),
    });
    if (res.status !== 201) throw new Error(`sign-in of ${email} failed: ${res.status}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  /** A request with the bearer token of `auth` (a token string). */
  async function call(path: string, auth?: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (auth) headers.set("Authorization", `Bearer ${auth}`);
    if (init.body && typeof init.body === "string" && !headers.has("Content-Type"))
      headers.set("Content-Type", "application/json");
    let body = init.body;
    // A form as the bytes a client sends: undici's own FormData stream throws an
    // unhandled "ReadableStream is already closed" in this process when the server
    // answers (and drops the body) before it has read it all.
    if (body instanceof FormData) {
      const encoded = new Response(body);
      headers.set("Content-Type", encoded.headers.get("Content-Type") as string);
      body = await encoded.arrayBuffer();
    }
    return app.request(path, { ...init, body, headers });
  }

  return { app, db, deps, services, clock, files, token, call };
}

export type Harness = ReturnType<typeof createHarness>;

/** Inserts rows directly (for tests that need a few records, not a whole bundle). */
export async function seedBasic(db: Db) {
  const s = tablesOf(db);
  const acme = returnedRow(await db.insert(s.customers).values({ name: "Acme" }).returning());
  const other = returnedRow(await db.insert(s.customers).values({ name: "Globex" }).returning());
  const user = async (customerId: number, email: string, admin = 0) =>
    returnedRow(
      await db
        .insert(s.users)
        .values({ customerId, email, passwordHash: TEST_HASH, admin })
        .returning(),
    );
  const admin = await user(acme.id, "admin@acme.test", 1);
  const ann = await user(acme.id, "ann@acme.test");
  const bob = await user(acme.id, "bob@acme.test");
  const eve = await user(other.id, "eve@globex.test");
  const project = async (customerId: number, name: string) =>
    returnedRow(await db.insert(s.projects).values({ customerId, name }).returning());
  const dwh = await project(acme.id, "DWH");
  const lake = await project(acme.id, "LAKE");
  const foreign = await project(other.id, "GLOBEX_DWH");
  const grant = async (userId: number, projectId: number, permissions: string[]) =>
    await db
      .insert(s.grants)
      .values(permissions.map((permission) => ({ userId, projectId, permission })));
  await grant(ann.id, dwh.id, ["access", "write_instances", "read_builds", "write_builds"]);
  await grant(bob.id, dwh.id, ["access"]);
  await grant(eve.id, foreign.id, ["access"]);
  return { acme, other, admin, ann, bob, eve, dwh, lake, foreign };
}
