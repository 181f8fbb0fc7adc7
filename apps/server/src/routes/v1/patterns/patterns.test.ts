import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";
import {
  expectBadField,
  expectWritesNotAllowed,
  expectNotAuthenticated,
  expectRecordNotFound,
  expectTokenExpired,
} from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let f: PatternsFixture;
let bob: string;
let eve: string;
routeSuite(
  { users: ["bob", "eve"], fixture: async (h, seed) => await seedPatterns(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: f,
      tokens: { bob, eve },
    } = app);
  },
);

const json = async (res: Response) => (await res.json()) as Record<string, unknown>[];

describe("patterns: happy path", () => {
  it("lists every pattern of the customer to any of its users, with docs/reference/endpoints.md's fields", async () => {
    const res = await h.call("/api/v1/patterns", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(await json(res)).toEqual([
      {
        id: f.hub.id,
        name: "HUB",
        description: "Hub table and loader",
        type: "SQLITE",
        vers_no: "1.0",
        status: "FINISHED",
        active: true,
        deleted: false,
        disabled: false,
        release_group_id: f.group.id,
      },
      expect.objectContaining({ name: "SAT", type: "POSTGRES", vers_no: "2.1", disabled: true }),
    ]);
  });

  it("filters by name, sorts and pages", async () => {
    expect((await json(await h.call("/api/v1/patterns?name=SAT", bob))).map((p) => p.id)).toEqual([
      f.sat.id,
    ]);
    const res = await h.call("/api/v1/patterns?$sort[name]=-1&$limit=1&$skip=1", bob);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect((await json(res)).map((p) => p.name)).toEqual(["HUB"]);
  });

  it("skips without a limit: the rest of the list, never a 500", async () => {
    const res = await h.call("/api/v1/patterns?$skip=1", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect((await json(res)).map((p) => p.name)).toEqual(["SAT"]);
    const past = await h.call("/api/v1/patterns?$skip=5", bob);
    expect(past.status).toBe(200);
    expect(past.headers.get("X-Total-Count")).toBe("2");
    expect(await json(past)).toEqual([]);
  });

  it("sorts by any field of the pattern, flags included", async () => {
    for (const [query, expected] of [
      ["$sort[disabled]=-1", ["SAT", "HUB"]],
      ["$sort[description]=1", ["SAT", "HUB"]],
      ["$sort[active]=1&$sort[deleted]=1&$sort[id]=-1", ["SAT", "HUB"]],
    ] as const) {
      const res = await h.call(`/api/v1/patterns?${query}`, bob);
      expect(res.status, query).toBe(200);
      expect(
        (await json(res)).map((p) => p.name),
        query,
      ).toEqual(expected);
    }
  });

  it("gets one pattern by id", async () => {
    const res = await h.call(`/api/v1/patterns/${f.sat.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: f.sat.id, name: "SAT", release_group_id: null });
  });
});

describe("patterns: errors", () => {
  it("answers 404 with the record message for an unknown id", async () => {
    await expectRecordNotFound(h, "/api/v1/patterns/9999", bob, 9999);
  });

  it("answers 400 naming the field for a bad id, paging or sort", async () => {
    await expectBadField(h, "/api/v1/patterns/x1", bob, "'id'");
    await expectBadField(h, "/api/v1/patterns?$limit=-1", bob, "$limit");
    await expectBadField(h, "/api/v1/patterns?$sort[secret]=1", bob, "$sort");
  });

  it("answers 405 for every unimplemented method", async () => {
    await expectWritesNotAllowed(h, bob, "/api/v1/patterns", f.hub.id);
  });
});

describe("patterns: security", () => {
  it("refuses a request without a token", async () => {
    await expectNotAuthenticated(h, "/api/v1/patterns");
  });

  it("refuses an expired token", async () => {
    await expectTokenExpired(h, `/api/v1/patterns/${f.hub.id}`, bob);
  });

  it("hides another customer's patterns: not listed, 404 by id and by name", async () => {
    expect((await json(await h.call("/api/v1/patterns", eve))).map((p) => p.name)).toEqual([
      "G_HUB",
    ]);
    await expectRecordNotFound(h, `/api/v1/patterns/${f.gHub.id}`, bob, f.gHub.id);
    expect(await json(await h.call("/api/v1/patterns?name=G_HUB", bob))).toEqual([]);
  });
});
