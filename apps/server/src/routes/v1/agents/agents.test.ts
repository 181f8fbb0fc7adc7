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

const json = async (res: Response) => (await res.json()) as Record<string, unknown>[];
const names = async (res: Response) => (await json(res)).map((a) => a.name);

describe("agents: happy path", () => {
  it("lists the customer's agents with docs/reference/endpoints.md's fields and never the secret", async () => {
    const res = await h.call("/api/v1/agents", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    const list = await json(res);
    expect(list[0]).toEqual({
      id: f.runner1.id,
      agent_id: "6f1c2d3e-0000-4000-8000-000000000001",
      name: "runner-1",
      deleted: false,
      disabled: false,
      online: true,
      group_id: f.prod.id,
    });
    expect(list[2]).toMatchObject({ name: "loner", deleted: true, group_id: null });
    expect(JSON.stringify(list)).not.toMatch(/secret|\$2a\$/i);
  });

  it("filters by name, agent_id, online, group and group_id", async () => {
    expect(await names(await h.call("/api/v1/agents?name=runner-2", bob))).toEqual(["runner-2"]);
    expect(
      await names(
        await h.call("/api/v1/agents?agent_id=6f1c2d3e-0000-4000-8000-000000000003", bob),
      ),
    ).toEqual(["loner"]);
    expect(await names(await h.call("/api/v1/agents?online=true", bob))).toEqual(["runner-1"]);
    expect(await names(await h.call("/api/v1/agents?online=false", bob))).toEqual([
      "runner-2",
      "loner",
    ]);
    expect(await names(await h.call("/api/v1/agents?group=prod&online=false", bob))).toEqual([
      "runner-2",
    ]);
    expect(await names(await h.call(`/api/v1/agents?group_id=${f.test.id}`, bob))).toEqual([]);
    // Not exclusive in docs/reference/endpoints.md: both together must name the same group.
    expect(
      await names(await h.call(`/api/v1/agents?group=test&group_id=${f.test.id}`, bob)),
    ).toEqual([]);
    const clash = await h.call(`/api/v1/agents?group=prod&group_id=${f.test.id}`, bob);
    expect(clash.status).toBe(400);
  });

  it("gets one agent by id, without its secret", async () => {
    const res = await h.call(`/api/v1/agents/${f.runner2.id}`, bob);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "runner-2", disabled: true, online: false });
    expect(Object.keys(body).sort()).toEqual(
      ["agent_id", "deleted", "disabled", "group_id", "id", "name", "online"].sort(),
    );
  });
});

describe("agents: errors", () => {
  it("answers 404 with the agent group message for an unknown group name", async () => {
    await expectNotFound(
      h,
      "/api/v1/agents?group=nightly",
      bob,
      "An agent group with the name 'nightly' does not exist!",
    );
  });

  it("answers 404 with the record message for an unknown agent or group id", async () => {
    await expectRecordNotFound(h, "/api/v1/agents/555", bob, 555);
    await expectRecordNotFound(h, "/api/v1/agents?group_id=555", bob, 555);
  });

  it("answers 400 naming the field for a bad boolean or id", async () => {
    await expectBadField(h, "/api/v1/agents?online=yes", bob, "'online'");
    await expectBadField(h, "/api/v1/agents?group_id=prod", bob, "'group_id'");
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(h, bob, [
      ["POST", "/api/v1/agents"],
      ["PATCH", `/api/v1/agents/${f.runner1.id}`],
    ]);
  });
});

describe("agents: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/agents", bob);
  });

  it("hides another customer's agents and groups", async () => {
    await expectNotFound(h, `/api/v1/agents/${f.foreignAgent.id}`, bob);
    expect(await names(await h.call("/api/v1/agents?name=g-runner", bob))).toEqual([]);
    await expectNotFound(h, "/api/v1/agents?group=globex-prod", bob);
    await expectNotFound(h, `/api/v1/agents?group_id=${f.foreignGroup.id}`, bob);
  });
});
