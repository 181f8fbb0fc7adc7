import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import {
  expectBadField,
  expectWritesNotAllowed,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
  listOf,
} from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
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
      fixture: cat,
      tokens: { bob, eve },
    } = app);
  },
);

interface Release {
  id: number;
  release_group_id: number;
  name: string;
}

const list = (path: string, token = bob) => listOf<Release>(h, path, token);

describe("releases: happy path", () => {
  it("lists the customer's releases to any of its users", async () => {
    const all = await list("/api/v1/releases");
    expect(all).toEqual([
      { id: cat.coreR1.id, release_group_id: cat.core.id, name: "R1" },
      { id: cat.coreR2.id, release_group_id: cat.core.id, name: "R2" },
      { id: cat.extR1.id, release_group_id: cat.ext.id, name: "R1" },
    ]);
  });

  it("filters by release group name or id and by name; gets one by id", async () => {
    expect((await list("/api/v1/releases?release_group=core")).map((r) => r.id)).toEqual([
      cat.coreR1.id,
      cat.coreR2.id,
    ]);
    expect(
      (await list(`/api/v1/releases?release_group_id=${cat.ext.id}`)).map((r) => r.id),
    ).toEqual([cat.extR1.id]);
    expect((await list("/api/v1/releases?name=R1&$sort[id]=-1")).map((r) => r.id)).toEqual([
      cat.extR1.id,
      cat.coreR1.id,
    ]);
    const res = await h.call(`/api/v1/releases/${cat.coreR2.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: cat.coreR2.id,
      release_group_id: cat.core.id,
      name: "R2",
    });
  });
});

describe("releases: errors", () => {
  it("answers 404 for an unknown release group name and an unknown id", async () => {
    await expectNotFound(
      h,
      "/api/v1/releases?release_group=nope",
      bob,
      "A release group with the name 'nope' does not exist!",
    );
    await expectRecordNotFound(h, "/api/v1/releases/424242", bob, 424242);
    await expectRecordNotFound(h, "/api/v1/releases?release_group_id=424242", bob, 424242);
  });

  it("answers 400 naming the field for bad input", async () => {
    await expectBadField(h, "/api/v1/releases/R1", bob, "'id'");
    await expectBadField(h, "/api/v1/releases?release_group_id=core", bob, "release_group_id");
  });

  it("answers 405 for every write method", async () => {
    await expectWritesNotAllowed(h, bob, "/api/v1/releases", cat.coreR1.id);
  });
});

describe("releases: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/releases", bob);
  });

  it("keeps each customer's releases to itself", async () => {
    expect((await list("/api/v1/releases", eve)).map((r) => r.id)).toEqual([cat.gxRelease.id]);
    await expectNotFound(h, `/api/v1/releases/${cat.gxRelease.id}`, bob);
    await expectNotFound(h, `/api/v1/releases/${cat.coreR1.id}`, eve);
    // The other customer's group is not ours: 404 exactly like a missing id (docs/reference/rules.md §1).
    await expectRecordNotFound(
      h,
      `/api/v1/releases?release_group_id=${cat.gxGroup.id}`,
      bob,
      cat.gxGroup.id,
    );
  });
});
