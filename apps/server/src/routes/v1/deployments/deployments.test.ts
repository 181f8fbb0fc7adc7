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
    const res = await h.call("/api/v1/deployments?pattern=LINK", bob);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe("A pattern with the name 'LINK' does not exist!");
  });

  it("answers 404 with the record message for an unknown id or pattern_id", async () => {
    expect(await message(await h.call("/api/v1/deployments/31337", bob))).toBe(
      "No record found for id '31337'",
    );
    const byPattern = await h.call("/api/v1/deployments?pattern_id=31337", bob);
    expect(byPattern.status).toBe(404);
  });

  it("answers 400 for a bad pattern_id and 405 for unimplemented methods", async () => {
    const bad = await h.call("/api/v1/deployments?pattern_id=-3", bob);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'pattern_id'");
    const put = await h.call(`/api/v1/deployments/${f.toDb.id}`, bob, {
      method: "PUT",
      body: "{}",
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET");
  });
});

describe("deployments: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/deployments")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/deployments", bob)).status).toBe(401);
  });

  it("hides another customer's deployments and patterns", async () => {
    expect((await h.call(`/api/v1/deployments/${f.foreignDeploy.id}`, bob)).status).toBe(404);
    expect((await h.call(`/api/v1/deployments?pattern_id=${f.gHub.id}`, bob)).status).toBe(404);
    expect(await (await h.call("/api/v1/deployments?name=g-deploy", bob)).json()).toEqual([]);
  });
});
