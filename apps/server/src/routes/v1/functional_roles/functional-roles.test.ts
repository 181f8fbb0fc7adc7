import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
  messageOf,
} from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let f: PatternsFixture;
let bob: string;
routeSuite(
  { users: ["bob"], fixture: async (h, seed) => await seedPatterns(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: f,
      tokens: { bob },
    } = app);
  },
);

const json = async (res: Response) => (await res.json()) as Record<string, unknown>[];

describe("functional_roles: happy path", () => {
  it("lists the customer's non-deleted roles with docs/reference/endpoints.md's fields", async () => {
    const res = await h.call("/api/v1/functional_roles", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect(await json(res)).toEqual([
      {
        id: f.businessKey.id,
        pattern_id: f.hub.id,
        name: "BUSINESS_KEY",
        class: "key",
        domain: null,
        cardinality_min: "1",
        cardinality_max: "N",
        pos_no: 0,
        deleted: false,
        disabled: false,
        readonly: true,
        merge_strategy: "replace",
      },
    ]);
  });

  it("filters by pattern name or id", async () => {
    const byName = await json(await h.call("/api/v1/functional_roles?pattern=HUB", bob));
    expect(byName.map((r) => r.name)).toEqual(["BUSINESS_KEY"]);
    const byId = await json(await h.call(`/api/v1/functional_roles?pattern_id=${f.sat.id}`, bob));
    expect(byId).toEqual([]);
  });

  it("gets one role by id, a deleted one too", async () => {
    const res = await h.call(`/api/v1/functional_roles/${f.oldRole.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "OLD_ROLE", deleted: true });
  });
});

describe("functional_roles: errors", () => {
  it("answers 404 with the pattern message for an unknown pattern name", async () => {
    await expectNotFound(
      h,
      "/api/v1/functional_roles?pattern=NOPE",
      bob,
      "A pattern with the name 'NOPE' does not exist!",
    );
  });

  it("answers 404 with the record message for an unknown pattern_id or role id", async () => {
    await expectRecordNotFound(h, "/api/v1/functional_roles?pattern_id=4242", bob, 4242);
    await expectRecordNotFound(h, "/api/v1/functional_roles/4242", bob, 4242);
  });

  it("answers 400 for a non-integer pattern_id, disagreeing pattern filters, or a bad sort", async () => {
    await expectBadField(h, "/api/v1/functional_roles?pattern_id=HUB", bob, "'pattern_id'");
    // docs/reference/endpoints.md does not make pattern and pattern_id exclusive: together they must agree.
    const both = await h.call(`/api/v1/functional_roles?pattern=HUB&pattern_id=${f.hub.id}`, bob);
    expect(both.status).toBe(200);
    expect((await json(both)).map((r) => r.name)).toEqual(["BUSINESS_KEY"]);
    const clash = await h.call(`/api/v1/functional_roles?pattern=HUB&pattern_id=${f.sat.id}`, bob);
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as { message: string }).message).toContain("'pattern_id'");
    const sort = await h.call("/api/v1/functional_roles?$sort[cardinality]=1", bob);
    expect(sort.status).toBe(400);
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(h, bob, [
      ["POST", "/api/v1/functional_roles"],
      ["DELETE", `/api/v1/functional_roles/${f.businessKey.id}`],
    ]);
  });
});

describe("functional_roles: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/functional_roles", bob);
  });

  it("hides another customer's roles and patterns", async () => {
    await expectNotFound(h, `/api/v1/functional_roles/${f.foreignRole.id}`, bob);
    await expectNotFound(h, `/api/v1/functional_roles?pattern_id=${f.gHub.id}`, bob);
    const byName = await h.call("/api/v1/functional_roles?pattern=G_HUB", bob);
    expect(await messageOf(byName)).toBe("A pattern with the name 'G_HUB' does not exist!");
  });
});
