import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";

let h: Harness;
let f: PatternsFixture;
let bob: string;

beforeEach(async () => {
  h = createHarness();
  f = seedPatterns(h.db, seedBasic(h.db));
  bob = await h.token("bob@acme.test");
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>[];
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("functional_roles: happy path", () => {
  it("lists the customer's non-deleted roles with api.md's fields", async () => {
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
    const res = await h.call("/api/v1/functional_roles?pattern=NOPE", bob);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe("A pattern with the name 'NOPE' does not exist!");
  });

  it("answers 404 with the record message for an unknown pattern_id or role id", async () => {
    const byPattern = await h.call("/api/v1/functional_roles?pattern_id=4242", bob);
    expect(byPattern.status).toBe(404);
    expect(await message(byPattern)).toBe("No record found for id '4242'");
    const one = await h.call("/api/v1/functional_roles/4242", bob);
    expect(one.status).toBe(404);
    expect(await message(one)).toBe("No record found for id '4242'");
  });

  it("answers 400 for a non-integer pattern_id, both pattern filters, or a bad sort", async () => {
    const bad = await h.call("/api/v1/functional_roles?pattern_id=HUB", bob);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'pattern_id'");
    const both = await h.call(`/api/v1/functional_roles?pattern=HUB&pattern_id=${f.hub.id}`, bob);
    expect(both.status).toBe(400);
    const sort = await h.call("/api/v1/functional_roles?$sort[cardinality]=1", bob);
    expect(sort.status).toBe(400);
  });

  it("answers 405 for unimplemented methods", async () => {
    const post = await h.call("/api/v1/functional_roles", bob, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(await message(post)).toBe("Method `create` is not supported by this endpoint.");
    const del = await h.call(`/api/v1/functional_roles/${f.businessKey.id}`, bob, {
      method: "DELETE",
    });
    expect(del.status).toBe(405);
    expect(del.headers.get("Allow")).toBe("GET");
  });
});

describe("functional_roles: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/functional_roles")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    const res = await h.call("/api/v1/functional_roles", bob);
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("hides another customer's roles and patterns", async () => {
    expect((await h.call(`/api/v1/functional_roles/${f.foreignRole.id}`, bob)).status).toBe(404);
    const byId = await h.call(`/api/v1/functional_roles?pattern_id=${f.gHub.id}`, bob);
    expect(byId.status).toBe(404);
    const byName = await h.call("/api/v1/functional_roles?pattern=G_HUB", bob);
    expect(await message(byName)).toBe("A pattern with the name 'G_HUB' does not exist!");
  });
});
