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

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("agent_groups: happy path", () => {
  it("lists the customer's groups with api.md's fields", async () => {
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
    const missing = await h.call("/api/v1/agent_groups/404", bob);
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe("No record found for id '404'");
    const bad = await h.call("/api/v1/agent_groups/abc", bob);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'id'");
  });

  it("answers 405 for unimplemented methods", async () => {
    const post = await h.call("/api/v1/agent_groups", bob, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(await message(post)).toBe("Method `create` is not supported by this endpoint.");
    const del = await h.call(`/api/v1/agent_groups/${f.prod.id}`, bob, { method: "DELETE" });
    expect(await message(del)).toBe("Method `remove` is not supported by this endpoint.");
  });
});

describe("agent_groups: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/agent_groups")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/agent_groups", bob)).status).toBe(401);
  });

  it("hides another customer's groups", async () => {
    expect((await h.call(`/api/v1/agent_groups/${f.foreignGroup.id}`, bob)).status).toBe(404);
    expect(await (await h.call("/api/v1/agent_groups?name=globex-prod", bob)).json()).toEqual([]);
  });
});
