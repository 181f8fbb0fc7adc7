import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeStore, openDatabase } from "@metabuild/db";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";
import { VerifiedClaims } from "./auth.ts";

// A token is verified once and then served from memory: these check that
// nothing a user would notice changes because of that.
describe("token verification with remembered claims", () => {
  let h: Harness;
  let dir: string | undefined;
  afterEach(async () => {
    await closeStore(h.db);
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function start(databaseFile?: string) {
    h = createHarness(databaseFile ? { databaseFile } : {});
    return await seedBasic(h.db);
  }

  it("refuses a token used before as soon as it is signed out", async () => {
    await start();
    const token = await h.token("ann@acme.test");
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    const out = await h.call("/authentication", token, { method: "DELETE" });
    expect(out.status).toBe(200);
    expect((await h.call("/api/v1/projects", token)).status).toBe(401);
  });

  it("refuses a token used before once another process disables its user", async () => {
    dir = mkdtempSync(join(tmpdir(), "metabuild-auth-"));
    const seed = await start(join(dir, "store.db"));
    const token = await h.token("bob@acme.test");
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    // Another connection to the same file, as the CLI or a second server would have.
    const other = openDatabase(join(dir, "store.db"));
    other.$client.prepare("update users set disabled = 1 where id = ?").run(seed.bob.id);
    other.$client.close();
    const res = await h.call("/api/v1/projects", token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe("Not authenticated");
  });

  it("refuses a token used before once it has expired", async () => {
    await start();
    const token = await h.token("ann@acme.test");
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/projects", token)).status).toBe(401);
  });

  it("refuses a forged token that copies a used one's claims", async () => {
    const seed = await start();
    const token = await h.token("bob@acme.test");
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    const [head, payload, sig] = token.split(".") as [string, string, string];
    const flipped = `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
    expect((await h.call("/api/v1/projects", `${head}.${payload}.${flipped}`)).status).toBe(401);
    // Same signature, another user's id: the signature no longer matches.
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as object;
    const admin = Buffer.from(JSON.stringify({ ...claims, sub: String(seed.admin.id) })).toString(
      "base64url",
    );
    expect((await h.call("/api/v1/projects", `${head}.${admin}.${sig}`)).status).toBe(401);
  });

  it("still tells tenants apart for tokens served from memory", async () => {
    const seed = await start();
    const eve = await h.token("eve@globex.test");
    const ann = await h.token("ann@acme.test");
    for (let i = 0; i < 2; i++) {
      expect((await h.call(`/api/v1/projects/${seed.dwh.id}`, eve)).status).toBe(404);
      expect((await h.call(`/api/v1/projects/${seed.dwh.id}`, ann)).status).toBe(200);
    }
  });
});

describe("VerifiedClaims", () => {
  const claims = (id: number, exp = 2000) => ({ id, jti: `j${id}`, exp });

  it("answers remembered claims until they expire", () => {
    const cache = new VerifiedClaims();
    cache.remember("t1", claims(1, 1000));
    expect(cache.get("t1", 999)).toEqual(claims(1, 1000));
    expect(cache.get("t1", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get("unknown", 0)).toBeUndefined();
  });

  it("keeps at most its capacity, dropping the oldest first", () => {
    const cache = new VerifiedClaims(3);
    for (let i = 1; i <= 5; i++) cache.remember(`t${i}`, claims(i));
    expect(cache.size).toBe(3);
    expect(cache.get("t1", 0)).toBeUndefined();
    expect(cache.get("t2", 0)).toBeUndefined();
    expect(cache.get("t5", 0)).toEqual(claims(5));
  });
});
