import type { BundlePlan, BundlePlanItem } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { exportBundleText } from "../../../services/bundle/export.ts";
import { createLogger } from "../../../infra/logger.ts";
import { importBundle } from "../../../services/bundle/import.ts";
import { parseBundle } from "../../../services/bundle/parse.ts";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/bundles";

/** What the store holds before each test: one pattern and one instance in DWH. */
const BASE = `
version: 1
customer: Acme
patterns:
  - name: HUB
    type: SQLITE
    properties:
      - { name: COLUMN_NAME, datatype: string, required: true }
      - { name: DATA_TYPE, datatype: string }
    variables:
      - { name: TARGET_SCHEMA, default: dwh }
    templates:
      - { path: "{{ instance.name }}.sql", body: "CREATE TABLE x;" }
projects:
  - name: DWH
    instances:
      - pattern: HUB
        folder: /sales
        name: CUSTOMER
        rows:
          - { COLUMN_NAME: ID, DATA_TYPE: INTEGER }
`;

/** The change most tests send: a changed cell, a dropped property, a new instance and user. */
const CHANGE = `
version: 1
customer: Acme
users:
  - { email: new@acme.test, password: very-secret-pw, grants: [{ project: DWH, permissions: [access] }] }
patterns:
  - name: HUB
    type: SQLITE
    properties:
      - { name: COLUMN_NAME, datatype: string, required: true }
    variables:
      - { name: TARGET_SCHEMA, default: dwh }
    templates:
      - { path: "{{ instance.name }}.sql", body: "CREATE TABLE y;" }
projects:
  - name: DWH
    instances:
      - pattern: HUB
        folder: /sales
        name: CUSTOMER
        rows:
          - { COLUMN_NAME: CUSTOMER_ID }
      - pattern: HUB
        folder: /sales/eu
        name: ORDER
        rows:
          - { COLUMN_NAME: ORDER_ID }
`;

let h: Harness;
let admin: string;
let ann: string;
let bob: string;
let eve: string;
routeSuite({ users: ["admin", "ann", "bob", "eve"] }, async (app) => {
  ({ h } = app);
  ({ admin, ann, bob, eve } = app.tokens);
  const deps = { db: h.db, clock: h.clock, writer: h.services.instanceWriter };
  await importBundle(deps, parseBundle(BASE));
});

const post = (token: string | undefined, body: string, query = "", type = "application/yaml") =>
  h.call(`${URL}${query}`, token, {
    method: "POST",
    body,
    headers: { "Content-Type": type },
  });

const stored = async () => await exportBundleText(h.db, "Acme");

async function planOf(res: Response): Promise<BundlePlan> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as BundlePlan;
}

const item = (plan: BundlePlan, kind: string, name: string) =>
  plan.customers[0]?.items.find((i) => i.kind === kind && i.name === name) as BundlePlanItem;
const count = (plan: BundlePlan, kind: string) =>
  plan.customers[0]?.counts.find((c) => c.kind === kind);

describe("bundles over HTTP: happy path", () => {
  it("answers the plan of a dry run and writes nothing", async () => {
    const before = await stored();
    const plan = await planOf(await post(admin, CHANGE, "?dry_run=true"));
    expect(plan).toMatchObject({ dry_run: true, applied: false, generated_agents: [] });
    expect(plan.instances).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
    expect(count(plan, "instance")).toMatchObject({ created: 1, changed: 1, removed: 0 });
    expect(count(plan, "folder")).toMatchObject({ created: 1, unchanged: 1 });
    expect(count(plan, "user")).toMatchObject({ created: 1, unchanged: 3 });
    expect(item(plan, "instance", "HUB /sales/CUSTOMER")).toMatchObject({
      project: "DWH",
      action: "changed",
      changes: expect.arrayContaining([
        { field: "rows[0].COLUMN_NAME", before: "ID", after: "CUSTOMER_ID" },
        { field: "rows[0].DATA_TYPE", before: "INTEGER", after: null },
      ]),
    });
    expect(item(plan, "instance", "HUB /sales/eu/ORDER").action).toBe("created");
    expect(item(plan, "folder", "/sales/eu")).toMatchObject({ project: "DWH", action: "created" });
    // The property the file no longer lists is removed (marked deleted), a template rewritten.
    expect(item(plan, "pattern", "HUB").changes).toEqual(
      expect.arrayContaining([
        { field: "properties.DATA_TYPE", before: expect.any(String), after: null },
        {
          field: "templates.{{ instance.name }}.sql",
          before: "CREATE TABLE x;",
          after: "CREATE TABLE y;",
        },
      ]),
    );
    expect(item(plan, "user", "new@acme.test").changes).toEqual(
      expect.arrayContaining([
        { field: "password", before: null, after: "(set)" },
        { field: "grants.DWH", before: null, after: "access" },
      ]),
    );
    expect(await stored()).toBe(before);
  });

  it("says what a project listed without its overrides loses", async () => {
    const withOverrides = BASE.replace(
      "  - name: DWH\n",
      "  - name: DWH\n    variables: [{ pattern: HUB, name: TARGET_SCHEMA, value: prod }]\n" +
        "    folders: [{ path: /sales, variables: [{ pattern: HUB, name: TARGET_SCHEMA, value: s }] }]\n",
    );
    expect((await post(admin, withOverrides)).status).toBe(200);
    const plan = await planOf(await post(admin, CHANGE, "?dry_run=true"));
    expect(item(plan, "project", "DWH")).toMatchObject({
      action: "changed",
      changes: [{ field: "variables.HUB.TARGET_SCHEMA", before: "prod", after: null }],
    });
    expect(item(plan, "folder", "/sales")).toMatchObject({
      project: "DWH",
      action: "changed",
      changes: [{ field: "variables.HUB.TARGET_SCHEMA", before: "s", after: null }],
    });
    expect(count(plan, "project")).toMatchObject({ changed: 1, removed: 0 });
  });

  it("never shows a password or its hash in the plan", async () => {
    const text = await (await post(admin, CHANGE, "?dry_run=true")).text();
    expect(text).not.toContain("very-secret-pw");
    expect(text).not.toMatch(/\$2[aby]\$/);
  });

  it("applies without dry_run, all of it, and a second dry run then plans nothing", async () => {
    const plan = await planOf(await post(admin, CHANGE));
    expect(plan).toMatchObject({ dry_run: false, applied: true });
    expect(count(plan, "instance")).toMatchObject({ created: 1, changed: 1 });
    const instances = await h.call("/api/v1/instances?project=DWH", admin);
    expect(((await instances.json()) as { name: string }[]).map((i) => i.name).sort()).toEqual([
      "CUSTOMER",
      "ORDER",
    ]);
    const again = await planOf(await post(admin, CHANGE, "?dry_run=true"));
    expect(again.customers[0]?.items).toEqual([]);
    expect(again.instances).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it("takes the bundle as JSON too", async () => {
    const json = JSON.stringify(YAML.parse(CHANGE));
    const plan = await planOf(await post(admin, json, "?dry_run=true", "application/json"));
    expect(plan.instances.inserted).toBe(1);
  });

  it("exports a project's bundle, which imports back without a change", async () => {
    const res = await h.call(`${URL}/export?project=DWH`, ann);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(res.headers.get("content-disposition")).toContain("Acme-DWH.bundle.yaml");
    const text = await res.text();
    const bundle = YAML.parse(text);
    expect(bundle).toMatchObject({ version: 1, customer: "Acme", users: [], agent_groups: [] });
    expect(bundle.projects.map((p: { name: string }) => p.name)).toEqual(["DWH"]);
    const plan = await planOf(await post(admin, text, "?dry_run=true"));
    expect(plan.customers[0]?.items).toEqual([]);
  });

  it("exports the whole customer for an admin, as metabuild export writes it", async () => {
    const res = await h.call(`${URL}/export`, admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(await stored());
  });
});

describe("bundles over HTTP: errors", () => {
  it("names the line of a YAML syntax error", async () => {
    const res = await post(admin, "version: 1\ncustomer: Acme\nprojects: [\n", "?dry_run=true");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^bundle\.yaml is not valid YAML: .*line \d+/s);
  });

  it("names the line and column of a JSON syntax error", async () => {
    const res = await post(admin, '{\n  "version": 1,\n}', "", "application/json");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^bundle\.json is not valid JSON: .*\(line 3, column 1\)/);
  });

  it("names the entry of a bad field, and writes nothing of the rest", async () => {
    const before = await stored();
    const bad = CHANGE.replace(
      "{ COLUMN_NAME: ORDER_ID }",
      "{ COLUMN_NAME: ORDER_ID, COLOUR: red }",
    );
    const res = await post(admin, bad);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^projects\[0\]\.instances\[1\]\.rows\[0\]\.COLOUR/);
    expect(await stored()).toBe(before);
  });

  it("names an unknown key by its path", async () => {
    const res = await post(admin, `${CHANGE}colour: red\n`, "?dry_run=true");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("colour: unknown key");
  });

  it("refuses other media types with 415 and an empty body with 400", async () => {
    expect((await post(admin, CHANGE, "", "text/plain")).status).toBe(415);
    const empty = await post(admin, "  ", "?dry_run=true");
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toMatch(/empty/);
  });

  it("refuses a dry_run that is not true or false", async () => {
    const res = await post(admin, CHANGE, "?dry_run=yes");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/dry_run/);
  });

  it("answers 404 for an unknown project to export", async () => {
    expect((await h.call(`${URL}/export?project=NOPE`, admin)).status).toBe(404);
  });
});

describe("bundles over HTTP: body limit", () => {
  it("takes a bundle over the general body limit but under METABUILD_BUNDLE_MAX_BYTES", async () => {
    const { seededApp } = await import("../../../testing/route-suite.ts");
    const small = await seededApp({
      users: ["admin"],
      config: { bodyMaxBytes: 200, bundleMaxBytes: 4000 },
    });
    const call = (body: string) =>
      small.h.call(`${URL}?dry_run=true`, small.tokens.admin, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/yaml" },
      });
    expect((await call(CHANGE)).status).toBe(200);
    const big = await call(`${CHANGE}# ${"x".repeat(4000)}\n`);
    expect(big.status).toBe(413);
    expect(await messageOf(big)).toBe("The request body exceeds 4000 bytes");
  });
});

describe("bundles over HTTP: security", () => {
  it("never logs a bundle's password, applied or refused", async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "debug", destination: { write: (l) => lines.push(l) } });
    const logged = createHarness({}, { logger });
    await seedBasic(logged.db);
    const token = await logged.token("admin@acme.test");
    const send = (body: string) =>
      logged.call(URL, token, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/yaml" },
      });
    expect((await send(CHANGE)).status).toBe(200);
    const bad = await send(CHANGE.replace("COLUMN_NAME: ORDER_ID", "NOPE: ORDER_ID"));
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain("very-secret-pw");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("very-secret-pw");
  });

  it("needs a signed-in user", async () => {
    await expectNotAuthenticated(h, URL, { method: "POST", body: CHANGE });
    await expectNotAuthenticated(h, `${URL}/export?project=DWH`);
  });

  it("lets only admins import, also as a dry run", async () => {
    const before = await stored();
    for (const query of ["", "?dry_run=true"]) {
      const res = await post(ann, CHANGE, query);
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe("Only administrators may import bundles!");
    }
    expect(await stored()).toBe(before);
  });

  it("refuses a bundle that names another customer, and writes nothing", async () => {
    const before = await exportBundleText(h.db, "Globex");
    const foreign = `
version: 1
customers:
  - customer: Acme
  - customer: Globex
    projects:
      - { name: GLOBEX_DWH, disabled: true }
`;
    const res = await post(admin, foreign);
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^customers\[1\]: the bundle names customer 'Globex'/);
    expect(await exportBundleText(h.db, "Globex")).toBe(before);
  });

  it("cannot reach another tenant's user through an e-mail", async () => {
    const before = await exportBundleText(h.db, "Globex");
    const res = await post(
      admin,
      "version: 1\ncustomer: Acme\nusers: [{ email: eve@globex.test, password: taken-over, admin: true }]\n",
      "?dry_run=true",
    );
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^users\[0\]/);
    expect(await exportBundleText(h.db, "Globex")).toBe(before);
  });

  it("exports a project only to those who may read it; another tenant's is 404", async () => {
    expect((await h.call(`${URL}/export?project=GLOBEX_DWH`, admin)).status).toBe(404);
    expect((await h.call(`${URL}/export?project=DWH`, eve)).status).toBe(404);
    const lake = await h.call(`${URL}/export?project=LAKE`, bob);
    expect(lake.status).toBe(403);
    const whole = await h.call(`${URL}/export`, ann);
    expect(whole.status).toBe(403);
  });
});
