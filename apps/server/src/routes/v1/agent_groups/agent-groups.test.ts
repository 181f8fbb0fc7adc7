import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
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

describe("agent_groups: happy path", () => {
  it("lists the customer's groups with docs/reference/endpoints.md's fields", async () => {
    const res = await h.call("/api/v1/agent_groups", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(await res.json()).toEqual([
      { id: f.prod.id, name: "prod", description: "Production runners" },
      { id: f.test.id, name: "test", description: null },
    ]);
  });

  it("filters by name, sorts and pages", async () => {
    expect(await (await h.call("/api/v1/agent_groups?name=test", bob)).json()).toEqual([
      { id: f.test.id, name: "test", description: null },
    ]);
    const res = await h.call("/api/v1/agent_groups?$sort[name]=-1&$limit=1", bob);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(((await res.json()) as { name: string }[]).map((g) => g.name)).toEqual(["test"]);
  });

  it("gets one group by id", async () => {
    const res = await h.call(`/api/v1/agent_groups/${f.prod.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: f.prod.id,
      name: "prod",
      description: "Production runners",
    });
  });
});

describe("agent_groups: errors", () => {
  it("answers 404 for an unknown id and 400 for a bad one", async () => {
    await expectRecordNotFound(h, "/api/v1/agent_groups/404", bob, 404);
    await expectBadField(h, "/api/v1/agent_groups/abc", bob, "'id'");
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(h, bob, [
      ["POST", "/api/v1/agent_groups"],
      ["DELETE", `/api/v1/agent_groups/${f.prod.id}`],
    ]);
  });
});

describe("agent_groups: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/agent_groups", bob);
  });

  it("hides another customer's groups", async () => {
    await expectNotFound(h, `/api/v1/agent_groups/${f.foreignGroup.id}`, bob);
    expect(await (await h.call("/api/v1/agent_groups?name=globex-prod", bob)).json()).toEqual([]);
  });
});
