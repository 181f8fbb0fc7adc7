import { setInstanceNamePattern } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { seedInstanceCatalog } from "../../testing/instances-fixture.ts";

// GET /api/console/instances/invalid-names (docs/instance-names.md).

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let bob: string;
let eve: string;

const url = (query: string) => `/api/console/instances/invalid-names?${query}`;
const RULE = "must match ^[A-Za-z_][A-Za-z0-9_]*$ (a letter or '_', then letters, digits or '_')";

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  // Stored before the rule: the report lists them, nothing renames them.
  await cat.fx.instance({
    projectId: seed.dwh.id,
    patternId: cat.hub.id,
    folder: "/raw",
    name: "order line test",
  });
  await cat.fx.instance({ projectId: seed.lake.id, patternId: cat.stg.id, name: "lake name" });
  [bob, eve] = await Promise.all([h.token("bob@acme.test"), h.token("eve@globex.test")]);
});

describe("invalid instance names: happy path", () => {
  it("lists the project's names that break their pattern's rule, with the reason", async () => {
    const res = await h.call(url("project=DWH"), bob);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number; name: string }[] };
    expect(body).toEqual({
      items: [
        {
          id: expect.any(Number),
          pattern: "HUB",
          folder: "/raw",
          name: "order line test",
          reason: RULE,
        },
      ],
    });
  });

  it("follows a pattern's own rule, and takes the project by id", async () => {
    await setInstanceNamePattern(h.db, cat.hub.id, "^HUB_[A-Z]+$");
    const res = await h.call(url(`project_id=${seed.dwh.id}`), bob);
    const names = ((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name);
    // HUB_CUSTOMER, HUB_ORDER, HUB_PRODUCT follow ^HUB_[A-Z]+$; the spaced one does not.
    expect(names).toEqual(["order line test"]);
    await setInstanceNamePattern(h.db, cat.hub.id, "^[a-z ]+$");
    const again = await h.call(url("project=DWH"), bob);
    const reasons = ((await again.json()) as { items: { name: string; reason: string }[] }).items;
    // By folder, then name: /raw before /raw/crm.
    expect(reasons.map((i) => i.name)).toEqual(["HUB_PRODUCT", "HUB_CUSTOMER", "HUB_ORDER"]);
    expect(reasons[0]?.reason).toBe("must match the pattern's rule ^[a-z ]+$");
  });

  it("finds every kind of breach of the default rule, and only those", async () => {
    const long = `N${"X".repeat(128)}`;
    for (const name of ["9LIVES", "ÄPFEL", "a-b", "tab\tname", long, "ok_name_1", "_x", "Z9"])
      await cat.fx.instance({
        projectId: seed.dwh.id,
        patternId: cat.stg.id,
        folder: "/odd",
        name,
      });
    const res = await h.call(url("project=DWH"), bob);
    const items = ((await res.json()) as { items: { name: string; reason: string }[] }).items;
    expect(items.map((i) => i.name)).toEqual([
      "9LIVES",
      long,
      "a-b",
      "tab\tname",
      "ÄPFEL",
      "order line test",
    ]);
    expect(items[1]?.reason).toBe("must be at most 128 characters (it has 129)");
  });

  it("answers an empty list when every name follows its rule", async () => {
    const admin = await h.token("admin@acme.test");
    const res = await h.call(url("project=GLOBEX_DWH"), eve);
    expect(await res.json()).toEqual({ items: [] });
    expect((await h.call(url("project=LAKE"), admin)).status).toBe(200);
  });
});

describe("invalid instance names: errors", () => {
  it("400 without a project, 404 for an unknown one, 405 for other methods", async () => {
    expect((await h.call("/api/console/instances/invalid-names", bob)).status).toBe(400);
    expect((await h.call(url("project=NOPE"), bob)).status).toBe(404);
    const post = await h.call(url("project=DWH"), bob, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
  });
});

describe("invalid instance names: security", () => {
  it("401 without a token", async () => {
    expect((await h.call(url("project=DWH"), undefined)).status).toBe(401);
  });

  it("another tenant's project is 404, and a project without a grant is refused", async () => {
    expect((await h.call(url("project=DWH"), eve)).status).toBe(404);
    expect((await h.call(url(`project_id=${seed.dwh.id}`), eve)).status).toBe(404);
    const lake = await h.call(url("project=LAKE"), bob);
    expect(lake.status).toBe(403);
    expect(JSON.stringify(await lake.json())).not.toContain("lake name");
  });
});
