import type { InstanceEditing, PatternVariable } from "@metabuild/contract";
import { schema, returnedRow } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/variable_values";

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
let client: BuildClient;
routeSuite(
  {
    users: ["ann", "bob", "admin", "eve"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, bob, admin, eve },
    } = app);
    client = buildClient(h);
  },
);

const put = (token: string | undefined, body: Record<string, unknown>) =>
  h.call(URL, token, { method: "PUT", body: JSON.stringify(body) });

const toQuery = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));

const del = (token: string | undefined, q: Record<string, string | number>) =>
  h.call(`${URL}?${toQuery(q)}`, token, { method: "DELETE" });

/** The resolved entry of `name` for a scope, as GET /api/v1/pattern_variables answers it. */
async function resolved(token: string, scope: Record<string, string | number>, name: string) {
  const res = await h.call(`/api/v1/pattern_variables?${toQuery({ ...scope, name })}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as PatternVariable[];
  expect(items).toHaveLength(1);
  return items[0];
}

/** The variable most tests set: V_PROJECT of the HUB pattern in DWH. */
const V_PROJECT_OF_HUB = { project: "DWH", pattern: "HUB", variable: "V_PROJECT" };

const overrideCount = async () => (await h.db.select().from(schema.variableOverrides)).length;

describe("variable values: happy path", () => {
  it("sets, changes and clears a folder-level value; the instances below follow", async () => {
    const set = await put(ann, {
      project: "DWH",
      pattern: "HUB",
      variable: "V_FOLDER",
      value: "from_sales",
      folder: "sales/",
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const body = (await set.json()) as PatternVariable;
    expect(body).toMatchObject({
      pattern_id: cat.hub.id,
      name: "V_FOLDER",
      value: "from_sales",
      level: "instance_folder",
      project_id: seed.dwh.id,
      instance_folder: "/sales",
      instance_folder_id: expect.any(Number),
      instance_id: null,
    });
    expect(await resolved(ann, { instance_id: cat.customer.id }, "V_FOLDER")).toMatchObject({
      value: "from_sales",
      level: "instance_folder",
      instance_folder: "/sales",
    });

    const before = await overrideCount();
    const changed = await put(ann, {
      project_id: seed.dwh.id,
      pattern_id: cat.hub.id,
      variable: "V_FOLDER",
      value: "changed",
      folder: "/sales",
    });
    expect(changed.status).toBe(200);
    expect(await overrideCount()).toBe(before);
    expect(await resolved(ann, { instance_id: cat.customer.id }, "V_FOLDER")).toMatchObject({
      value: "changed",
    });

    const cleared = await del(ann, {
      project: "DWH",
      pattern: "HUB",
      variable: "V_FOLDER",
      folder: "/sales",
    });
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    expect(await cleared.json()).toMatchObject({ value: "changed", level: "instance_folder" });
    expect(await resolved(ann, { instance_id: cat.customer.id }, "V_FOLDER")).toMatchObject({
      value: "default-folder",
      level: "default",
    });
  });

  it("sets the project level when neither folder nor instance is named, once", async () => {
    for (const value of ["first", "second"]) {
      const res = await put(ann, { project: "DWH", pattern: "HUB", variable: "V_PROJECT", value });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        value,
        level: "project",
        project_id: seed.dwh.id,
        instance_folder_id: null,
        instance_id: null,
      });
    }
    expect(await resolved(ann, { project_id: seed.dwh.id }, "V_PROJECT")).toMatchObject({
      value: "second",
      level: "project",
    });
    const rows = (await h.db.select().from(schema.variableOverrides)).filter(
      (o) => o.projectId === seed.dwh.id && o.instanceId === null && !o.instanceFolderId,
    );
    expect(rows.filter((o) => o.value === "second")).toHaveLength(1);
    expect(rows.filter((o) => o.value === "dwh_prod")).toHaveLength(0);

    // Cleared, the project falls back to the default.
    expect((await del(ann, { project: "DWH", pattern: "HUB", variable: "V_PROJECT" })).status).toBe(
      200,
    );
    expect(await resolved(ann, { project_id: seed.dwh.id }, "V_PROJECT")).toMatchObject({
      value: "default-schema",
      level: "default",
    });
  });

  it("sets an instance-level value by instance_id; an empty text is a value", async () => {
    const res = await put(ann, {
      ...V_PROJECT_OF_HUB,
      value: "",
      instance_id: cat.order.id,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      value: "",
      level: "instance",
      project_id: seed.dwh.id,
      instance_id: cat.order.id,
    });
    expect(await resolved(ann, { instance_id: cat.order.id }, "V_PROJECT")).toMatchObject({
      value: "",
      level: "instance",
    });
    // Other instances keep the project's value.
    expect(await resolved(ann, { instance_id: cat.customer.id }, "V_PROJECT")).toMatchObject({
      value: "dwh_prod",
    });
  });

  it("a build after PUT renders the new value", async () => {
    const res = await put(ann, {
      ...V_PROJECT_OF_HUB,
      value: "new_schema",
    });
    expect(res.status).toBe(200);
    const { build } = await client.build(ann, { instances: [{ id: cat.customer.id }] });
    const files = await client.files(ann, build);
    expect(files.get("sales/CUSTOMER.sql")).toContain("CREATE TABLE new_schema.CUSTOMER (");
    expect(files.get("load/customer.sql")).toContain("INSERT INTO new_schema.CUSTOMER");
  });

  it("copying an instance copies its overrides", async () => {
    expect(
      (
        await put(ann, {
          project: "DWH",
          pattern: "HUB",
          variable: "V_FOLDER",
          value: "mine",
          instance_id: cat.customer.id,
        })
      ).status,
    ).toBe(200);
    const copy = await h.call(`/api/console/instances/${cat.customer.id}/copy`, ann, {
      method: "POST",
      body: JSON.stringify({ folder: "/elsewhere", name: "CUSTOMER_COPY" }),
    });
    expect(copy.status, await copy.clone().text()).toBe(201);
    const id = ((await copy.json()) as InstanceEditing).instance_id;
    expect(await resolved(ann, { instance_id: id }, "V_FOLDER")).toMatchObject({
      value: "mine",
      level: "instance",
      instance_id: id,
    });
    // The source keeps its own.
    expect(await resolved(ann, { instance_id: cat.customer.id }, "V_FOLDER")).toMatchObject({
      value: "mine",
      instance_id: cat.customer.id,
    });
  });
});

describe("variable values: errors", () => {
  const base = { project: "DWH", pattern: "HUB", variable: "V_FOLDER", value: "x" };

  it("answers 400 naming a missing or malformed field", async () => {
    const { variable: _v, ...noVariable } = base;
    let res = await put(ann, noVariable);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("variable");
    res = await put(ann, { ...base, value: 5 });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("value");
    const { value: _x, ...noValue } = base;
    res = await put(ann, noValue);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("value");
    res = await put(ann, { ...base, project: undefined });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("A project id or name is required!");
    res = await put(ann, { ...base, pattern: undefined });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("pattern_id");
    res = await put(ann, { ...base, folder: "/sales", instance_id: cat.customer.id });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/folder.*instance_id/);
    res = await del(ann, { project: "DWH", pattern: "HUB" });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("variable");
  });

  it("refuses unknown fields instead of setting the project level", async () => {
    // `instance_folder` is GET pattern_variables' name; ignored, it would set the project's value.
    const res = await put(ann, { ...base, instance_folder: "/sales" });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("Unknown field 'instance_folder'");
    const removal = await del(ann, {
      ...V_PROJECT_OF_HUB,
      instance: "CUSTOMER",
    });
    expect(removal.status).toBe(400);
    expect(await messageOf(removal)).toBe("Unknown field 'instance'");
    expect(await resolved(ann, { project_id: seed.dwh.id }, "V_PROJECT")).toMatchObject({
      value: "dwh_prod",
    });
  });

  it("answers 404 for an unknown project, pattern, variable or folder", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ project: "NOPE" }, "A project with the name 'NOPE' does not exist!"],
      [{ pattern: "NOPE" }, "A pattern with the name 'NOPE' does not exist!"],
      [{ variable: "NOPE" }, "A variable with the name 'NOPE' does not exist in pattern 'HUB'!"],
      [{ folder: "/no/such" }, "A folder with the path '/no/such' does not exist!"],
      [{ instance_id: 99999 }, "No record found for id '99999'"],
    ];
    for (const [change, message] of cases) {
      const res = await put(ann, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(404);
      expect(await messageOf(res)).toBe(message);
    }
    // Refused folders are not created.
    expect((await h.db.select().from(schema.instanceFolders)).map((f) => f.path)).not.toContain(
      "/no/such",
    );
  });

  it("refuses an instance of another project or pattern", async () => {
    let res = await put(ann, { ...base, instance_id: cat.lakeHub.id });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`No record found for id '${cat.lakeHub.id}'`);
    res = await put(ann, { ...base, instance_id: cat.satCustomer.id });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("instance_id");
  });

  it("answers 404 when no value is set there to remove", async () => {
    const res = await del(ann, {
      project: "DWH",
      pattern: "HUB",
      variable: "V_FOLDER",
      folder: "/sales",
    });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe("No value of 'V_FOLDER' is set at folder '/sales'");
  });

  it("answers 405 for other methods", async () => {
    for (const method of ["GET", "POST", "PATCH"]) {
      const res = await h.call(URL, ann, { method, body: method === "GET" ? undefined : "{}" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("PUT, DELETE");
    }
  });
});

describe("variable values: security", () => {
  const base = { project: "DWH", pattern: "HUB", variable: "V_PROJECT", value: "x" };

  it("needs a sign-in", async () => {
    await expectNotAuthenticated(h, URL, { method: "PUT", body: JSON.stringify(base) });
    await expectNotAuthenticated(h, `${URL}?project=DWH&pattern=HUB&variable=V_PROJECT`, {
      method: "DELETE",
    });
  });

  it("refuses a viewer (access only) with 403 and changes nothing", async () => {
    const before = await h.db.select().from(schema.variableOverrides);
    for (const scope of [{}, { folder: "/finance" }, { instance_id: cat.ledger.id }]) {
      const res = await put(bob, { ...base, ...scope });
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe(
        "You don't have permissions to write instances in this project!",
      );
    }
    const res = await del(bob, {
      project: "DWH",
      pattern: "HUB",
      variable: "V_INSTANCE",
      instance_id: cat.ledger.id,
    });
    expect(res.status).toBe(403);
    expect(await h.db.select().from(schema.variableOverrides)).toEqual(before);
  });

  it("refuses a project without any grant with 403", async () => {
    const res = await put(ann, { ...base, project: "LAKE" });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe("You don't have permissions to access this project!");
  });

  it("hides another customer's project and instances as missing", async () => {
    let res = await put(eve, { ...base, project: undefined, project_id: seed.dwh.id });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`No record found for id '${seed.dwh.id}'`);
    res = await put(eve, {
      project: "GLOBEX_DWH",
      pattern: "HUB",
      variable: "V_PROJECT",
      value: "x",
    });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(
      "You don't have permissions to write instances in this project!",
    );
    await h.db
      .insert(schema.grants)
      .values({ userId: seed.eve.id, projectId: seed.foreign.id, permission: "write_instances" });
    res = await put(eve, {
      project: "GLOBEX_DWH",
      pattern: "HUB",
      variable: "V_PROJECT",
      value: "x",
    });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe("A pattern with the name 'HUB' does not exist!");
    // Ann's instance id under eve's own project: 404, like a missing one.
    const foreign = returnedRow(
      await h.db
        .insert(schema.patterns)
        .values({ customerId: seed.other.id, name: "G" })
        .returning(),
    );
    await h.db
      .insert(schema.variableDefinitions)
      .values({ patternId: foreign.id, name: "V", defaultValue: "d" });
    res = await put(eve, {
      project: "GLOBEX_DWH",
      pattern: "G",
      variable: "V",
      value: "x",
      instance_id: cat.customer.id,
    });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`No record found for id '${cat.customer.id}'`);
  });

  it("lets an admin set a value without a grant", async () => {
    const res = await put(admin, { ...base, project: "LAKE", value: "lake_schema" });
    expect(res.status).toBe(200);
    expect(await resolved(admin, { project: "LAKE" }, "V_PROJECT")).toMatchObject({
      value: "lake_schema",
      level: "project",
    });
  });
});
