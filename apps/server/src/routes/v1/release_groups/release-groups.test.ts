import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let cat: ReturnType<typeof seedInstanceCatalog>;
let bob: string;
let eve: string;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  cat = seedInstanceCatalog(h.db, seed, h.clock.now());
  [bob, eve] = await Promise.all([h.token("bob@acme.test"), h.token("eve@globex.test")]);
});

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe("release_groups: happy path", () => {
  it("lists the customer's release groups to any of its users", async () => {
    const res = await h.call("/api/v1/release_groups", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(await res.json()).toEqual([
      { id: cat.core.id, customer_id: seed.acme.id, name: "core" },
      { id: cat.ext.id, customer_id: seed.acme.id, name: "ext" },
    ]);
  });

  it("filters by name, sorts, pages and gets one by id", async () => {
    const named = await h.call("/api/v1/release_groups?name=ext", bob);
    expect(((await named.json()) as { id: number }[]).map((g) => g.id)).toEqual([cat.ext.id]);
    const sorted = await h.call("/api/v1/release_groups?$sort[name]=-1&$limit=1", bob);
    expect(sorted.headers.get("X-Total-Count")).toBe("2");
    expect(((await sorted.json()) as { name: string }[]).map((g) => g.name)).toEqual(["ext"]);
    const one = await h.call(`/api/v1/release_groups/${cat.core.id}`, bob);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ id: cat.core.id, customer_id: seed.acme.id, name: "core" });
  });
});

describe("release_groups: errors", () => {
  it("answers 404 for an unknown id and 400 for a non-integer one", async () => {
    const one = await h.call("/api/v1/release_groups/424242", bob);
    expect(one.status).toBe(404);
    expect(await message(one)).toBe("No record found for id '424242'");
    const bad = await h.call("/api/v1/release_groups/core", bob);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'id'");
  });

  it("answers 405 for every write method", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/release_groups"],
      ["PUT", `/api/v1/release_groups/${cat.core.id}`],
      ["PATCH", `/api/v1/release_groups/${cat.core.id}`],
      ["DELETE", `/api/v1/release_groups/${cat.core.id}`],
    ] as const) {
      const res = await h.call(path, bob, { method, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
  });
});

describe("release_groups: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/release_groups")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/release_groups", bob)).status).toBe(401);
  });

  it("keeps each customer's groups to itself", async () => {
    const theirs = await h.call("/api/v1/release_groups", eve);
    expect(((await theirs.json()) as { id: number }[]).map((g) => g.id)).toEqual([cat.gxGroup.id]);
    expect((await h.call(`/api/v1/release_groups/${cat.gxGroup.id}`, bob)).status).toBe(404);
  });
});
