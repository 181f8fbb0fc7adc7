import { schema as s } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { seedPatterns } from "../../testing/patterns-fixture.ts";

let h: Harness;
let p: Awaited<ReturnType<typeof seedPatterns>>;
let bob: string;

beforeEach(async () => {
  h = createHarness();
  const seed = await seedBasic(h.db);
  p = await seedPatterns(h.db, seed);
  const template = async (patternId: number, path: string, body: string, posNo: number) =>
    await h.db.insert(s.templates).values({ patternId, path, body, posNo });
  await template(
    p.hub.id,
    "{{ instance.name }}/load.sql",
    "INSERT INTO {{ vars.TARGET_SCHEMA }};",
    2,
  );
  await template(
    p.hub.id,
    "{{ instance.name }}/ddl.sql",
    "CREATE TABLE {{ instance.name }} ();",
    1,
  );
  await template(p.gHub.id, "secret.sql", "-- another customer's", 1);
  bob = await h.token("bob@acme.test");
});

const url = (id: number | string) => `/api/console/patterns/${id}/templates`;

describe("pattern templates: happy path", () => {
  it("lists a pattern's templates in render order for any user of the customer", async () => {
    const res = await h.call(url(p.hub.id), bob);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { path: string; body: string; pattern_id: number }[];
    expect(body.map((t) => t.path)).toEqual([
      "{{ instance.name }}/ddl.sql",
      "{{ instance.name }}/load.sql",
    ]);
    expect(body[0]).toMatchObject({
      pattern_id: p.hub.id,
      body: "CREATE TABLE {{ instance.name }} ();",
      pos_no: 1,
    });
  });

  it("answers an empty list for a pattern without templates", async () => {
    const res = await h.call(url(p.sat.id), bob);
    expect(await res.json()).toEqual([]);
  });
});

describe("pattern templates: errors", () => {
  it("answers 404 for an unknown pattern and 400 for a non-integer id", async () => {
    const missing = await h.call(url(9999), bob);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "No record found for id '9999'",
    );
    const bad = await h.call(url("abc"), bob);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("'id'");
  });

  it("answers 405 for writes", async () => {
    const res = await h.call(url(p.hub.id), bob, { method: "POST", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });
});

describe("pattern templates: security", () => {
  it("needs a signed-in user", async () => {
    expect((await h.call(url(p.hub.id))).status).toBe(401);
  });

  it("hides another customer's pattern as 404", async () => {
    const res = await h.call(url(p.gHub.id), bob);
    expect(res.status).toBe(404);
  });
});
