import type { VariableCascade } from "@metabuild/contract";
import { schema, returnedRow } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { instanceFixture } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: string;

const url = (q: Record<string, string | number>) =>
  `/api/console/variables/cascade?${new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  )}`;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  const fx = instanceFixture(h.db, seed.acme.id);
  hubId = (await fx.pattern("HUB", { properties: [{ name: "COLUMN" }] })).id;
  const customer = await fx.instance({
    projectId: seed.dwh.id,
    patternId: hubId,
    folder: "/raw/crm",
    name: "HUB_CUSTOMER",
  });
  const order = await fx.instance({
    projectId: seed.dwh.id,
    patternId: hubId,
    folder: "/raw/erp",
    name: "HUB_ORDER",
  });
  const s = schema;
  const v = returnedRow(
    await h.db
      .insert(s.variableDefinitions)
      .values({ patternId: hubId, name: "SCHEMA", defaultValue: "dv" })
      .returning(),
  );
  const raw = (await h.db.select().from(s.instanceFolders)).find(
    (f) => f.path === "/raw" && f.projectId === seed.dwh.id,
  )!;
  await h.db.insert(s.variableOverrides).values([
    { variableId: v.id, projectId: seed.dwh.id, value: "dwh" },
    { variableId: v.id, projectId: seed.dwh.id, instanceFolderId: raw.id, value: "raw" },
    { variableId: v.id, projectId: seed.dwh.id, instanceId: order.id, value: "ord" },
    { variableId: v.id, projectId: seed.lake.id, value: "lake" },
  ]);
  void customer;
  ann = await h.token("ann@acme.test");
});

describe("console variable cascade: happy path", () => {
  it("resolves each node of the tree with the place its value comes from", async () => {
    const res = await h.call(
      url({ project_id: seed.dwh.id, pattern_id: hubId, name: "SCHEMA" }),
      ann,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as VariableCascade;
    expect(body).toMatchObject({ project_name: "DWH", pattern_name: "HUB", default_value: "dv" });
    const byPath = new Map(body.nodes.map((n) => [n.path, n]));
    expect(byPath.get("DWH")).toMatchObject({ kind: "project", value: "dwh", set_here: true });
    expect(byPath.get("/raw")).toMatchObject({ value: "raw", set_here: true, parent: "/" });
    expect(byPath.get("/raw/crm/HUB_CUSTOMER")).toMatchObject({
      kind: "instance",
      value: "raw",
      level: "instance_folder",
      defined_at: "/raw",
      set_here: false,
      parent: "/raw/crm",
    });
    const order = byPath.get("/raw/erp/HUB_ORDER");
    expect(order).toMatchObject({ value: "ord", level: "instance", set_here: true });
    expect(order?.chain.map((l) => [l.value, l.defined_at])).toEqual([
      ["ord", "/raw/erp/HUB_ORDER"],
      ["raw", "/raw"],
      ["dwh", "DWH"],
      ["dv", "default"],
    ]);
  });
});

describe("console variable cascade: errors", () => {
  it("answers 404 for an unknown variable or pattern", async () => {
    const res = await h.call(
      url({ project_id: seed.dwh.id, pattern_id: hubId, name: "NOPE" }),
      ann,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      message: "A variable with the name 'NOPE' does not exist in pattern 'HUB'!",
    });
    const p = await h.call(url({ project_id: seed.dwh.id, pattern_id: 9999, name: "SCHEMA" }), ann);
    expect(p.status).toBe(404);
  });

  it("answers 400 naming a missing field", async () => {
    const res = await h.call(url({ project_id: seed.dwh.id, pattern_id: hubId }), ann);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("name");
  });
});

describe("console variable cascade: security", () => {
  it("requires a sign-in and access to the project", async () => {
    const q = url({ project_id: seed.lake.id, pattern_id: hubId, name: "SCHEMA" });
    expect((await h.call(q)).status).toBe(401);
    const res = await h.call(q, ann);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: "You don't have permissions to access this project!",
    });
    const eve = await h.token("eve@globex.test");
    const foreign = url({ project_id: seed.dwh.id, pattern_id: hubId, name: "SCHEMA" });
    expect((await h.call(foreign, eve)).status).toBe(404);
  });
});
