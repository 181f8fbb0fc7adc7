import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";
import {
  expectMethodsNotAllowed,
  expectNoProjectAccess,
  expectNotAuthenticated,
  expectTokenExpired,
  messageOf as message,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

// Acme's HUB has TARGET_SCHEMA (default dwh) and PREFIX (default h_); SAT has
// TARGET_SCHEMA (default sat). In DWH: TARGET_SCHEMA is dwh_prod for the
// project and from_a at /a; PREFIX is cust_ for the instance /a/b/c/CUSTOMER.

let h: Harness;
let f: PatternsFixture;
let seed: Seed;
let bob: string;
routeSuite(
  { users: ["bob"], fixture: async (h, seed) => await seedPatterns(h.db, seed) },
  (app) => {
    ({
      h,
      seed,
      fixture: f,
      tokens: { bob },
    } = app);
  },
);

type Entry = Record<string, unknown>;
const list = async (query: string) => {
  const res = await h.call(`/api/v1/pattern_variables${query}`, bob);
  expect(res.status).toBe(200);
  return (await res.json()) as Entry[];
};
const get = (query: string) => h.call(`/api/v1/pattern_variables${query}`, bob);

describe("pattern_variables: happy path", () => {
  it("lists each definition with its default when no scope is given", async () => {
    const res = await h.call("/api/v1/pattern_variables", bob);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(await res.json()).toEqual([
      {
        pattern_variable_id: f.targetSchema.id,
        pattern_id: f.hub.id,
        name: "TARGET_SCHEMA",
        value: "dwh",
        level: "default",
        project_id: null,
        instance_folder_id: null,
        instance_folder: null,
        instance_id: null,
      },
      expect.objectContaining({ name: "PREFIX", value: "h_", level: "default" }),
      expect.objectContaining({ pattern_id: f.sat.id, value: "sat", level: "default" }),
    ]);
    expect((await list("?pattern=SAT")).map((e) => e.pattern_variable_id)).toEqual([
      f.satSchema.id,
    ]);
  });

  it("resolves for a project: its overrides, defaults below", async () => {
    const entries = await list("?project=DWH");
    expect(entries).toEqual([
      expect.objectContaining({
        name: "TARGET_SCHEMA",
        pattern_id: f.hub.id,
        value: "dwh_prod",
        level: "project",
        project_id: seed.dwh.id,
        instance_folder_id: null,
        instance_folder: null,
        instance_id: null,
      }),
      expect.objectContaining({ name: "PREFIX", value: "h_", level: "default", project_id: null }),
      expect.objectContaining({ pattern_id: f.sat.id, value: "sat", level: "default" }),
    ]);
    expect(await list(`?project_id=${seed.dwh.id}&pattern_id=${f.hub.id}`)).toHaveLength(2);
    // pattern and pattern_id are independent filters: together they must agree.
    expect(await list(`?pattern=HUB&pattern_id=${f.hub.id}`)).toEqual(await list("?pattern=HUB"));
    expect((await get(`?pattern=HUB&pattern_id=${f.sat.id}`)).status).toBe(400);
  });

  it("resolves for a folder three deep from the folder two levels up", async () => {
    const entries = await list("?project=DWH&instance_folder=/a/b/c&pattern=HUB");
    expect(entries).toEqual([
      {
        pattern_variable_id: f.targetSchema.id,
        pattern_id: f.hub.id,
        name: "TARGET_SCHEMA",
        value: "from_a",
        level: "instance_folder",
        project_id: seed.dwh.id,
        instance_folder_id: f.folders.a.id,
        instance_folder: "/a",
        instance_id: null,
      },
      expect.objectContaining({ name: "PREFIX", value: "h_", level: "default" }),
    ]);
  });

  it("accepts a folder by id or a loosely typed path, and falls back to the project elsewhere", async () => {
    const byId = await list(`?instance_folder_id=${f.folders.b.id}&name=TARGET_SCHEMA&pattern=HUB`);
    expect(byId).toEqual([expect.objectContaining({ value: "from_a", instance_folder: "/a" })]);
    const loose = await list("?project=DWH&instance_folder=a/b/&name=TARGET_SCHEMA&pattern=HUB");
    expect(loose).toEqual(byId);
    const other = await list("?project=DWH&instance_folder=/other&pattern=HUB&name=TARGET_SCHEMA");
    expect(other).toEqual([expect.objectContaining({ value: "dwh_prod", level: "project" })]);
  });

  it("resolves for an instance: its own value first, then up the folders", async () => {
    const expected = [
      expect.objectContaining({
        name: "TARGET_SCHEMA",
        value: "from_a",
        level: "instance_folder",
        instance_folder_id: f.folders.a.id,
        instance_id: null,
      }),
      {
        pattern_variable_id: f.prefix.id,
        pattern_id: f.hub.id,
        name: "PREFIX",
        value: "cust_",
        level: "instance",
        project_id: seed.dwh.id,
        instance_folder_id: null,
        instance_folder: null,
        instance_id: f.customer.id,
      },
    ];
    expect(await list(`?instance_id=${f.customer.id}`)).toEqual(expected);
    expect(await list("?project=DWH&instance=CUSTOMER&pattern=HUB")).toEqual(expected);
    expect(await list("?project=DWH&instance=CUSTOMER&instance_folder=/a/b/c")).toEqual(expected);
    // Another instance in the same tree has no value of its own.
    expect(await list(`?instance_id=${f.order.id}&name=PREFIX`)).toEqual([
      expect.objectContaining({ value: "h_", level: "default" }),
    ]);
  });

  it("filters the resolved entries by name and value", async () => {
    const byName = await list("?project=DWH&name=TARGET_SCHEMA");
    expect(byName.map((e) => [e.pattern_id, e.value])).toEqual([
      [f.hub.id, "dwh_prod"],
      [f.sat.id, "sat"],
    ]);
    expect(
      (await list("?project=DWH&name=TARGET_SCHEMA&value=sat")).map((e) => e.pattern_id),
    ).toEqual([f.sat.id]);
    // The value filter sees the resolved value, not the default.
    expect(await list("?project=DWH&value=dwh")).toEqual([]);
    expect((await list("?value=dwh")).map((e) => e.pattern_variable_id)).toEqual([
      f.targetSchema.id,
    ]);
    expect(await list(`?instance_id=${f.customer.id}&value=cust_`)).toHaveLength(1);
  });

  it("sorts and pages the resolved entries", async () => {
    const res = await get("?project=DWH&$sort[value]=-1&$limit=2&$skip=1");
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(((await res.json()) as Entry[]).map((e) => e.value)).toEqual(["h_", "dwh_prod"]);
  });

  it("gets one definition by id", async () => {
    const res = await get(`/${f.targetSchema.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: f.targetSchema.id,
      pattern_id: f.hub.id,
      name: "TARGET_SCHEMA",
      default_value: "dwh",
      description: "Schema of the hub tables",
    });
  });
});

describe("pattern_variables: errors", () => {
  it("answers 404 for an unknown pattern or project", async () => {
    const pattern = await get("?pattern=LINK");
    expect(pattern.status).toBe(404);
    expect(await message(pattern)).toBe("A pattern with the name 'LINK' does not exist!");
    expect(await message(await get("?pattern_id=999"))).toBe("No record found for id '999'");
    const project = await get("?project=NOPE");
    expect(project.status).toBe(404);
    expect(await message(project)).toBe("A project with the name 'NOPE' does not exist!");
    expect(await message(await get("?project_id=999"))).toBe("No record found for id '999'");
  });

  it("needs a project for a folder path or an instance name", async () => {
    for (const query of ["?instance_folder=/a", "?instance=CUSTOMER"]) {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe("A project id or name is required!");
    }
  });

  it("answers 404 for an unknown folder, instance or id", async () => {
    const folder = await get("?project=DWH&instance_folder=/a/x");
    expect(folder.status).toBe(404);
    expect(await message(folder)).toBe("A folder with the path '/a/x' does not exist!");
    const instance = await get("?project=DWH&instance=NOBODY");
    expect(instance.status).toBe(404);
    expect(await message(instance)).toBe("An instance with the name 'NOBODY' does not exist!");
    expect(await message(await get("?instance_id=8888"))).toBe("No record found for id '8888'");
    expect(await message(await get("?instance_folder_id=8888"))).toBe(
      "No record found for id '8888'",
    );
    expect(await message(await get("/8888"))).toBe("No record found for id '8888'");
  });

  it("answers 404 when an id lies outside the project or folder given with it", async () => {
    const admin = await h.token("admin@acme.test");
    const project = await h.call(
      `/api/v1/pattern_variables?project=LAKE&instance_id=${f.customer.id}`,
      admin,
    );
    expect(project.status).toBe(404);
    const folder = await get(`?instance_folder=/other&project=DWH&instance_id=${f.customer.id}`);
    expect(await message(folder)).toBe(`No record found for id '${f.customer.id}'`);
  });

  it("answers 400 for an ambiguous instance name or doubled scope fields", async () => {
    const ambiguous = await get("?project=DWH&instance=CUSTOMER");
    expect(ambiguous.status).toBe(400);
    expect(await message(ambiguous)).toContain("ambiguous");
    const both = await get(`?project=DWH&instance_folder=/a&instance_folder_id=${f.folders.a.id}`);
    expect(both.status).toBe(400);
    expect(await message(both)).toBe(
      "Give either 'instance_folder' or 'instance_folder_id', not both",
    );
    const bad = await get("?instance_id=CUSTOMER");
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'instance_id'");
    expect((await get("?$sort[default_value]=1")).status).toBe(400);
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(h, bob, [
      ["POST", "/api/v1/pattern_variables"],
      ["PATCH", `/api/v1/pattern_variables/${f.prefix.id}`],
    ]);
  });
});

describe("pattern_variables: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectNotAuthenticated(h, "/api/v1/pattern_variables");
    await expectTokenExpired(h, `/api/v1/pattern_variables/${f.prefix.id}`, bob);
  });

  it("hides another customer's definitions, patterns, projects and instances", async () => {
    expect((await list("")).some((e) => e.pattern_variable_id === f.foreignVariable.id)).toBe(
      false,
    );
    expect((await get(`/${f.foreignVariable.id}`)).status).toBe(404);
    expect((await get("?pattern=G_HUB")).status).toBe(404);
    expect(await message(await get("?project=GLOBEX_DWH"))).toBe(
      "A project with the name 'GLOBEX_DWH' does not exist!",
    );
    expect((await get(`?project_id=${seed.foreign.id}`)).status).toBe(404);
    expect((await get(`?instance_id=${f.foreignInstance.id}`)).status).toBe(404);
    expect((await get(`?instance_folder_id=${f.folders.foreignRoot.id}`)).status).toBe(404);
  });

  it("refuses scopes in a project without the access grant", async () => {
    for (const query of [
      "?project=LAKE",
      `?instance_id=${f.lakeInstance.id}`,
      `?instance_folder_id=${f.folders.lakeRoot.id}`,
    ]) {
      await expectNoProjectAccess(h, `/api/v1/pattern_variables${query}`, bob);
    }
  });
});
