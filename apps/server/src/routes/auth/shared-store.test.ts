import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InstanceEditing } from "@metabuild/contract";
import { closeDatabase } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { instanceFixture } from "../../testing/instances-fixture.ts";

/**
 * Issue 17: sign-in throttling, token revocation and checkouts are shared
 * through the store. Two apps, each with its own connection to one store
 * file, stand for two server processes (docs/scale-out.md).
 */

const limits = { perEmailAndClient: 3, perClient: 20, perEmail: 100, windowSeconds: 900 };

let dir: string;
let a: Harness;
let b: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "metabuild-shared-"));
  const databaseFile = join(dir, "metabuild.db");
  a = createHarness({ databaseFile, loginThrottle: limits });
  seed = await seedBasic(a.db);
  b = createHarness({ databaseFile, loginThrottle: limits });
});

afterEach(() => {
  for (const h of [a, b]) {
    h.services.metadata.close();
    closeDatabase(h.db);
  }
  rmSync(dir, { recursive: true, force: true });
});

function signIn(h: Harness, password: string, address = "203.0.113.7") {
  return h.app.request(
    "/authentication",
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
}

describe("two server processes on one store", () => {
  it("count sign-in failures together: the limit holds across both", async () => {
    expect((await signIn(a, "wrong")).status).toBe(401);
    expect((await signIn(b, "wrong")).status).toBe(401);
    expect((await signIn(a, "wrong")).status).toBe(401);
    // Three failures of the pair in all, one process having seen only one of them.
    for (const h of [a, b]) {
      const refused = await signIn(h, "pass-word-1");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // The real user from another address is not locked out by either.
    expect((await signIn(b, "pass-word-1", "198.51.100.20")).status).toBe(201);
  });

  it("a success on one clears the pair's failures for the other", async () => {
    expect((await signIn(a, "wrong")).status).toBe(401);
    expect((await signIn(a, "wrong")).status).toBe(401);
    expect((await signIn(b, "pass-word-1")).status).toBe(201);
    expect((await signIn(a, "wrong")).status).toBe(401);
    expect((await signIn(a, "pass-word-1")).status).toBe(201);
  });

  it("a token signed out on one is refused by the other at once", async () => {
    const token = await a.token("ann@acme.test");
    expect((await b.call("/api/v1/projects", token)).status).toBe(200);
    expect((await b.call("/authentication", token, { method: "DELETE" })).status).toBe(200);
    expect((await a.call("/api/v1/projects", token)).status).toBe(401);
  });

  it("a checkout taken on one holds on the other", async () => {
    const hub = await instanceFixture(a.db, seed.acme.id).pattern("HUB", {
      properties: [{ name: "COLUMN", posNo: 1, required: true }],
    });
    const { id } = await a.services.instanceWriter.write(
      { id: seed.ann.id, customerId: seed.acme.id, email: seed.ann.email, admin: false },
      { projectId: seed.dwh.id, patternId: hub.id, folder: "/raw", name: "HUB_X", rows: [] },
      { source: "import", overwrite: true },
    );
    const ann = await a.token("ann@acme.test");
    const admin = await b.token("admin@acme.test");
    expect(
      (await a.call(`/api/console/instances/${id}/checkout`, ann, { method: "POST" })).status,
    ).toBe(200);
    const taken = await b.call(`/api/console/instances/${id}/checkout`, admin, { method: "POST" });
    expect(taken.status).toBe(403);
    expect(((await taken.json()) as { message: string }).message).toBe(
      "Instance '/raw/HUB_X' is checked out by ann@acme.test",
    );
    const seen = (await (
      await b.call(`/api/console/instances/${id}/editing`, admin)
    ).json()) as InstanceEditing;
    expect(seen.checkout).toMatchObject({ email: "ann@acme.test" });
  });
});
