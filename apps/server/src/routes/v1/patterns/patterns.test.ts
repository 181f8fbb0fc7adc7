import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";

let h: Harness;
let f: PatternsFixture;
let bob: string;
let eve: string;

beforeEach(async () => {
  h = createHarness();
  f = seedPatterns(h.db, seedBasic(h.db));
  [bob, eve] = await Promise.all([h.token("bob@acme.test"), h.token("eve@globex.test")]);
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>[];
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("patterns: happy path", () => {
  it("lists every pattern of the customer to any of its users, with api.md's fields", async () => {
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

  it("gets one pattern by id", async () => {
    const res = await h.call(`/api/v1/patterns/${f.sat.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: f.sat.id, name: "SAT", release_group_id: null });
  });
});

describe("patterns: errors", () => {
  it("answers 404 with the record message for an unknown id", async () => {
    const res = await h.call("/api/v1/patterns/9999", bob);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      name: "NotFound",
      message: "No record found for id '9999'",
      code: 404,
      className: "not-found",
    });
  });

  it("answers 400 naming the field for a bad id, paging or sort", async () => {
    const id = await h.call("/api/v1/patterns/x1", bob);
    expect(id.status).toBe(400);
    expect(await message(id)).toContain("'id'");
    const limit = await h.call("/api/v1/patterns?$limit=-1", bob);
    expect(limit.status).toBe(400);
    expect(await message(limit)).toContain("$limit");
    const sort = await h.call("/api/v1/patterns?$sort[secret]=1", bob);
    expect(sort.status).toBe(400);
    expect(await message(sort)).toContain("$sort");
  });

  it("answers 405 for every unimplemented method", async () => {
    for (const [path, method, name] of [
      ["/api/v1/patterns", "POST", "create"],
      [`/api/v1/patterns/${f.hub.id}`, "PUT", "update"],
      [`/api/v1/patterns/${f.hub.id}`, "PATCH", "patch"],
      [`/api/v1/patterns/${f.hub.id}`, "DELETE", "remove"],
    ] as const) {
      const res = await h.call(path, bob, { method, body: "{}" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET");
      expect(await message(res)).toBe(`Method \`${name}\` is not supported by this endpoint.`);
    }
  });
});

describe("patterns: security", () => {
  it("refuses a request without a token", async () => {
    const res = await h.call("/api/v1/patterns");
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("refuses an expired token", async () => {
    h.clock.advance(3601 * 1000);
    const res = await h.call(`/api/v1/patterns/${f.hub.id}`, bob);
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("hides another customer's patterns: not listed, 404 by id and by name", async () => {
    expect((await json(await h.call("/api/v1/patterns", eve))).map((p) => p.name)).toEqual([
      "G_HUB",
    ]);
    const res = await h.call(`/api/v1/patterns/${f.gHub.id}`, bob);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe(`No record found for id '${f.gHub.id}'`);
    expect(await json(await h.call("/api/v1/patterns?name=G_HUB", bob))).toEqual([]);
  });
});
