import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import {
  expectBadField,
  expectWritesNotAllowed,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let bob: string;
let eve: string;
routeSuite(
  {
    users: ["bob", "eve"],
    fixture: async (h, seed) => await seedInstanceCatalog(h.db, seed, h.clock.now()),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { bob, eve },
    } = app);
  },
);

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
    // Every field of the resource sorts, customer_id included.
    const byCustomer = await h.call("/api/v1/release_groups?$sort[customer_id]=-1", bob);
    expect(byCustomer.status).toBe(200);
    const one = await h.call(`/api/v1/release_groups/${cat.core.id}`, bob);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ id: cat.core.id, customer_id: seed.acme.id, name: "core" });
  });
});

describe("release_groups: errors", () => {
  it("answers 404 for an unknown id and 400 for a non-integer one", async () => {
    await expectRecordNotFound(h, "/api/v1/release_groups/424242", bob, 424242);
    await expectBadField(h, "/api/v1/release_groups/core", bob, "'id'");
  });

  it("answers 405 for every write method", async () => {
    await expectWritesNotAllowed(h, bob, "/api/v1/release_groups", cat.core.id);
  });
});

describe("release_groups: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/release_groups", bob);
  });

  it("keeps each customer's groups to itself", async () => {
    const theirs = await h.call("/api/v1/release_groups", eve);
    expect(((await theirs.json()) as { id: number }[]).map((g) => g.id)).toEqual([cat.gxGroup.id]);
    await expectNotFound(h, `/api/v1/release_groups/${cat.gxGroup.id}`, bob);
  });
});
