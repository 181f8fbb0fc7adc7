import { tablesOf } from "@metabuild/db";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

/**
 * GET /api/v1/instances/:id reads the token's holder and revocation in its
 * own statement (routes/v1/instances/get.ts, docs/performance.md): every
 * session rule `authenticate` applies holds there too, in the same order.
 */
let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
});

async function statusAndMessage(res: Response): Promise<[number, string]> {
  return [res.status, ((await res.json()) as { message: string }).message];
}

const detail = (id: number | string, token?: string) => h.call(`/api/v1/instances/${id}`, token);
const notAuthenticated = [401, "Not authenticated"];

describe("the instance detail and the session", () => {
  it("refuses a token as soon as it is signed out, whatever the id", async () => {
    const bob = await h.token("bob@acme.test");
    expect((await detail(cat.hubCustomer.id, bob)).status).toBe(200);
    expect((await h.call("/authentication", bob, { method: "DELETE" })).status).toBe(200);
    for (const id of [cat.hubCustomer.id, cat.foreign.id, 999_999, "abc"])
      expect(await statusAndMessage(await detail(id, bob)), String(id)).toEqual(notAuthenticated);
  });

  it("refuses the token of a user disabled meanwhile, whatever the id", async () => {
    const bob = await h.token("bob@acme.test");
    expect((await detail(cat.hubCustomer.id, bob)).status).toBe(200);
    const { users } = tablesOf(h.db);
    await h.db.update(users).set({ disabled: 1 }).where(eq(users.id, seed.bob.id));
    for (const id of [cat.hubCustomer.id, 999_999, "abc"])
      expect(await statusAndMessage(await detail(id, bob)), String(id)).toEqual(notAuthenticated);
  });

  it("keeps the usual order: 401 before 400, 404 and 403", async () => {
    const bob = await h.token("bob@acme.test");
    const forged = `${bob.slice(0, -4)}${bob.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    for (const id of [cat.hubCustomer.id, cat.lakeOnly.id, 999_999, "abc"]) {
      expect(await statusAndMessage(await detail(id)), String(id)).toEqual(notAuthenticated);
      expect(await statusAndMessage(await detail(id, forged)), String(id)).toEqual(
        notAuthenticated,
      );
    }
    expect((await detail("abc", bob)).status).toBe(400);
    expect((await detail(999_999, bob)).status).toBe(404);
    expect((await detail(cat.lakeOnly.id, bob)).status).toBe(403);
  });

  it("answers each token for its own user and customer", async () => {
    const [ann, eve, admin] = await Promise.all([
      h.token("ann@acme.test"),
      h.token("eve@globex.test"),
      h.token("admin@acme.test"),
    ]);
    for (let i = 0; i < 2; i++) {
      expect((await detail(cat.hubCustomer.id, ann)).status).toBe(200);
      expect((await detail(cat.hubCustomer.id, eve)).status).toBe(404);
      expect((await detail(cat.foreign.id, eve)).status).toBe(200);
      expect((await detail(cat.foreign.id, admin)).status).toBe(404);
      expect((await detail(cat.lakeOnly.id, admin)).status).toBe(200);
    }
  });

  it("takes the session cookie as authenticate does", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.app.request(`/api/v1/instances/${cat.hubCustomer.id}`, {
      headers: { Cookie: `metabuild_session=${bob}` },
    });
    expect(res.status).toBe(200);
  });
});
