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

describe("deployments: happy path", () => {
  it("lists the customer's deployments with only id, pattern_id and name", async () => {
    const res = await h.call("/api/v1/deployments", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(await res.json()).toEqual([
      { id: f.toFolder.id, pattern_id: f.hub.id, name: "to-folder" },
      { id: f.toDb.id, pattern_id: f.hub.id, name: "to-db" },
      { id: f.satDeploy.id, pattern_id: f.sat.id, name: "to-folder" },
    ]);
  });

  it("filters by pattern, pattern_id and name", async () => {
    expect(await (await h.call("/api/v1/deployments?pattern=HUB&name=to-db", bob)).json()).toEqual([
      { id: f.toDb.id, pattern_id: f.hub.id, name: "to-db" },
    ]);
    const byId = await h.call(`/api/v1/deployments?pattern_id=${f.sat.id}`, bob);
    expect(await byId.json()).toEqual([
      { id: f.satDeploy.id, pattern_id: f.sat.id, name: "to-folder" },
    ]);
    const byName = await h.call("/api/v1/deployments?name=to-folder&$sort[pattern_id]=-1", bob);
    expect(((await byName.json()) as { id: number }[]).map((d) => d.id)).toEqual([
      f.satDeploy.id,
      f.toFolder.id,
    ]);
  });

  it("gets one deployment by id, without its kind or config", async () => {
    const res = await h.call(`/api/v1/deployments/${f.toDb.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: f.toDb.id, pattern_id: f.hub.id, name: "to-db" });
  });
});

describe("deployments: errors", () => {
  it("answers 404 with the pattern message for an unknown pattern name", async () => {
    await expectNotFound(
      h,
      "/api/v1/deployments?pattern=LINK",
      bob,
      "A pattern with the name 'LINK' does not exist!",
    );
  });

  it("answers 404 with the record message for an unknown id or pattern_id", async () => {
    await expectRecordNotFound(h, "/api/v1/deployments/31337", bob, 31337);
    await expectNotFound(h, "/api/v1/deployments?pattern_id=31337", bob);
  });

  it("answers 400 for a bad pattern_id and 405 for unimplemented methods", async () => {
    await expectBadField(h, "/api/v1/deployments?pattern_id=-3", bob, "'pattern_id'");
    await expectMethodsNotAllowed(h, bob, [["PUT", `/api/v1/deployments/${f.toDb.id}`]]);
  });
});

describe("deployments: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/deployments", bob);
  });

  it("hides another customer's deployments and patterns", async () => {
    await expectNotFound(h, `/api/v1/deployments/${f.foreignDeploy.id}`, bob);
    await expectNotFound(h, `/api/v1/deployments?pattern_id=${f.gHub.id}`, bob);
    expect(await (await h.call("/api/v1/deployments?name=g-deploy", bob)).json()).toEqual([]);
  });
});
