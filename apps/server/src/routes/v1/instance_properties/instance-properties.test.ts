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

describe("instance_properties: happy path", () => {
  it("lists the customer's non-deleted properties with docs/reference/endpoints.md's fields", async () => {
    const res = await h.call("/api/v1/instance_properties", bob);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    const list = await json(res);
    expect(list.map((p) => p.id)).toEqual([f.columnName.id, f.dataType.id, f.satProperty.id]);
    expect(list[1]).toEqual({
      id: f.dataType.id,
      pattern_id: f.hub.id,
      name: "DATA_TYPE",
      datatype: "string",
      format: "upper",
      description: "SQL type",
      deleted: false,
      required: false,
      pos_no: 2,
    });
    expect(list[0]).toMatchObject({ required: true, format: null, description: null });
  });

  it("filters by pattern name or id and sorts by pos_no", async () => {
    const byName = await json(
      await h.call("/api/v1/instance_properties?pattern=HUB&$sort[pos_no]=-1", bob),
    );
    expect(byName.map((p) => p.name)).toEqual(["DATA_TYPE", "COLUMN_NAME"]);
    const byId = await json(
      await h.call(`/api/v1/instance_properties?pattern_id=${f.sat.id}`, bob),
    );
    expect(byId.map((p) => p.id)).toEqual([f.satProperty.id]);
  });

  it("gets one property by id, a deleted one too", async () => {
    const res = await h.call(`/api/v1/instance_properties/${f.oldProperty.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "OLD_COLUMN", deleted: true });
  });
});

describe("instance_properties: errors", () => {
  it("answers 404 with the pattern message for an unknown pattern name", async () => {
    await expectNotFound(
      h,
      "/api/v1/instance_properties?pattern=NOPE",
      bob,
      "A pattern with the name 'NOPE' does not exist!",
    );
  });

  it("answers 404 with the record message for an unknown id or pattern_id", async () => {
    await expectRecordNotFound(h, "/api/v1/instance_properties/777", bob, 777);
    await expectRecordNotFound(h, "/api/v1/instance_properties?pattern_id=777", bob, 777);
  });

  it("answers 400 for a bad id and 405 for unimplemented methods", async () => {
    await expectBadField(h, "/api/v1/instance_properties/1.5", bob, "'id'");
    await expectMethodsNotAllowed(h, bob, [
      ["PUT", `/api/v1/instance_properties/${f.dataType.id}`],
    ]);
  });
});

describe("instance_properties: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(
      h,
      "/api/v1/instance_properties",
      bob,
      `/api/v1/instance_properties/${f.dataType.id}`,
    );
  });

  it("hides another customer's properties and patterns", async () => {
    await expectNotFound(h, `/api/v1/instance_properties/${f.foreignProperty.id}`, bob);
    await expectNotFound(h, `/api/v1/instance_properties?pattern_id=${f.gHub.id}`, bob);
  });
});
