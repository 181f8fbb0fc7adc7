import type { Build } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import {
  expectMethodsNotAllowed,
  expectNotAuthenticated,
  expectRecordNotFound,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

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

describe("builds: happy path", () => {
  it("builds by id with wait: true and answers the full build with its download", async () => {
    const res = await client.start(ann, {
      project: "DWH",
      instances: [{ id: cat.customer.id }],
      description: "first",
      wait: true,
    });
    expect(res.status).toBe(201);
    const b = res.body.build as Build;
    expect(res.body.warnings).toEqual([]);
    expect(b).toMatchObject({
      status: "FINISHED",
      progress: 100,
      project_id: seed.dwh.id,
      user_id: seed.ann.id,
      customer_id: seed.acme.id,
      description: "first",
      instances: 1,
      patterns: [cat.hub.id],
      releases: [],
      history_commited: 0,
      active: 1,
      deleted: 0,
    });
    expect(b.build_start).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(b.build_end).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(b.downloads).toEqual([
      {
        id: expect.any(Number),
        pattern: "HUB",
        pattern_id: cat.hub.id,
        file_id: expect.any(Number),
        name: "HUB.zip",
      },
    ]);
    const files = await client.files(ann, b);
    expect([...files.keys()]).toEqual(["load/customer.sql", "manifest.json", "sales/CUSTOMER.sql"]);
    expect(files.get("sales/CUSTOMER.sql")).toBe(
      [
        `-- DWH/HUB v1.0 build ${b.id}`,
        "-- levels: default-value dwh_prod default-folder default-instance",
        "CREATE TABLE dwh_prod.CUSTOMER (",
        "  CUSTOMER_ID INTEGER,",
        "  NAME TEXT",
        ");",
        "-- key: CUSTOMER_ID",
        "",
      ].join("\n"),
    );
  });

  it("builds by name and polls an asynchronous build until it has finished", async () => {
    const res = await client.start(ann, {
      project_id: seed.dwh.id,
      instances: [{ pattern: "HUB", folder: "/finance/gl", name: "LEDGER" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      build: { id: expect.any(Number), status: "BUILDING", progress: 0 },
      warnings: [],
    });
    const done = await client.settled(ann, res.body.build.id);
    expect(done.status).toBe("FINISHED");
    expect(done.progress).toBe(100);
    expect(done.downloads.map((d) => d.name)).toEqual(["HUB.zip"]);
    // docs/reference/endpoints.md types description as a string (not "may be null" like name): empty when not given.
    expect(done.description).toBe("");
    expect(done.name).toBeNull();
    expect([...(await client.files(ann, done)).keys()]).toContain("finance/gl/LEDGER.sql");
  });

  it("renders the variable cascade at all four levels and records each level in the manifest", async () => {
    const { build } = await client.build(ann, {
      instances: [{ id: cat.ledger.id }, { id: cat.customer.id }],
    });
    const files = await client.files(ann, build);
    expect(files.get("finance/gl/LEDGER.sql")).toContain(
      "-- levels: default-value dwh_prod from_finance only_ledger",
    );
    expect(files.get("sales/CUSTOMER.sql")).toContain(
      "-- levels: default-value dwh_prod default-folder default-instance",
    );
    const manifest = JSON.parse(files.get("manifest.json") as string);
    const ledger = manifest.instances.find((i: { id: number }) => i.id === cat.ledger.id);
    expect(ledger).toEqual({
      id: cat.ledger.id,
      name: "LEDGER",
      folder: "/finance/gl",
      version: 1,
      variables: {
        V_DEFAULT: { value: "default-value", level: "default" },
        V_PROJECT: { value: "dwh_prod", level: "project" },
        V_FOLDER: { value: "from_finance", level: "instance_folder" },
        V_INSTANCE: { value: "only_ledger", level: "instance" },
      },
    });
    expect(manifest.pattern).toEqual({
      id: cat.hub.id,
      name: "HUB",
      type: "SQLITE",
      vers_no: "1.0",
    });
    expect(
      manifest.files.find((f: { path: string }) => f.path === "finance/gl/LEDGER.sql"),
    ).toEqual({
      path: "finance/gl/LEDGER.sql",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: Buffer.byteLength(files.get("finance/gl/LEDGER.sql") as string),
      instance_id: cat.ledger.id,
      template: "{{ instance.folder }}/{{ instance.name }}.sql",
    });
  });

  it("lists builds with their downloads, filtered by project, user, pattern and releases", async () => {
    const a = await client.build(ann, {
      instances: [{ id: cat.customer.id }],
      releases: { core: "R1" },
    });
    const b = await client.build(admin, { instances: [{ id: cat.satCustomer.id }] });
    await client.build(admin, { project: "LAKE", instances: [{ id: cat.lakeHub.id }] });
    const list = async (q: string, token = ann) => {
      const res = await h.call(`/api/v1/builds${q}`, token);
      expect(res.status).toBe(200);
      return ((await res.json()) as Build[]).map((x) => x.id);
    };
    expect(await list("")).toEqual([a.build.id, b.build.id]);
    expect(await list("?project=DWH&user=ann@acme.test")).toEqual([a.build.id]);
    expect(await list(`?user_id=${seed.admin.id}`)).toEqual([b.build.id]);
    expect(await list("?pattern=SAT")).toEqual([b.build.id]);
    expect(await list(`?pattern_id=${cat.hub.id}`)).toEqual([a.build.id]);
    expect(await list("?releases[core]=R1")).toEqual([a.build.id]);
    expect(await list("?releases[core]=R2")).toEqual([]);
    expect(await list("?pattern=NOPE")).toEqual([]);
    expect((await list("", admin)).length).toBe(3);
    const one = (await (
      await h.call("/api/v1/builds?$limit=1&$sort[id]=-1", ann)
    ).json()) as Build[];
    expect(one[0].downloads.map((d) => d.name)).toEqual(["SAT.zip"]);
  });

  it("filters by status and by the day a build was started (the console's builds list)", async () => {
    const a = await client.build(ann, { instances: [{ id: cat.customer.id }] });
    const list = async (q: string) => {
      const res = await h.call(`/api/v1/builds${q}`, ann);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as Build[]).map((x) => x.id);
    };
    const day = (await client.get(ann, a.build.id)).created_at.slice(0, 10);
    expect(await list("?status=FINISHED")).toEqual([a.build.id]);
    expect(await list("?status=FAILED")).toEqual([]);
    expect(await list(`?created_from=${day}&created_to=${day}`)).toEqual([a.build.id]);
    expect(await list("?created_to=2000-01-01")).toEqual([]);
    expect(await list("?created_from=2999-01-01")).toEqual([]);
    const bad = await h.call("/api/v1/builds?status=DONE", ann);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("status");
    const badDay = await h.call("/api/v1/builds?created_from=yesterday", ann);
    expect(badDay.status).toBe(400);
    expect(((await badDay.json()) as { message: string }).message).toContain("created_from");
  });
});

describe("builds: errors", () => {
  const message = async (body: unknown, token = ann) => {
    const res = await h.call("/api/v1/builds", token, {
      method: "POST",
      body: JSON.stringify(body),
    });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  };

  it("answers docs/reference/endpoints.md's 400s for a missing project or missing instances", async () => {
    expect(await message({ instances: [{ id: 1 }] })).toEqual({
      status: 400,
      message: "A project id or name is required!",
    });
    expect(await message({ project: "DWH" })).toEqual({
      status: 400,
      message: "No instances specified!",
    });
    expect(await message({ project: "DWH", instances: [] })).toEqual({
      status: 400,
      message: "No instances specified!",
    });
    // null is as missing as an absent field
    expect(await message({ project: "DWH", instances: null })).toEqual({
      status: 400,
      message: "No instances specified!",
    });
    expect(await message({ project_id: null, instances: [{ id: 1 }] })).toEqual({
      status: 400,
      message: "A project id or name is required!",
    });
  });

  it("answers 404 for an unknown project, instance or wildcard pattern", async () => {
    expect(await message({ project: "NOPE", instances: [{ id: cat.order.id }] })).toEqual({
      status: 404,
      message: "A project with the name 'NOPE' does not exist!",
    });
    expect(await message({ project_id: 9999, instances: [{ id: 1 }] })).toEqual({
      status: 404,
      message: "No record found for id '9999'",
    });
    for (const entry of [
      { id: 99999 },
      { id: cat.lakeHub.id },
      { pattern: "HUB", folder: "/sales", name: "NOBODY" },
      { pattern: "HUB", folder: "/nowhere", name: "ORDER" },
    ])
      expect(await message({ project: "DWH", instances: [entry] })).toEqual({
        status: 404,
        message: "Instance not found",
      });
    expect(
      await message({ project: "DWH", instances: [{ pattern: "NOPE", folder: "/", name: "*" }] }),
    ).toEqual({
      status: 404,
      message: "A pattern with the name 'NOPE' does not exist!",
    });
  });

  it("answers 400 naming the field for malformed entries and values", async () => {
    expect(await message({ project: "DWH", instances: [{ pattern: "HUB", name: "*" }] })).toEqual({
      status: 400,
      message: "'instances.0.folder' is required",
    });
    expect(
      (await message({ project: "DWH", instances: [{ id: cat.order.id, labels: ["x"] }] })).message,
    ).toContain("'instances.0'");
    expect((await message({ project: "DWH", instances: [{ id: "one" }] })).message).toContain(
      "'instances.0.id'",
    );
    expect(
      (await message({ project: "DWH", wait: "yes", instances: [{ id: 1 }] })).message,
    ).toContain("'wait'");
    expect(await message({ project: "DWH", instances: [{ id: 1, colour: "red" }] })).toEqual({
      status: 400,
      message: "Unknown field 'instances.0.colour'",
    });
    for (const project_id of [true, [1]])
      expect(await message({ project_id, instances: [{ id: 1 }] })).toEqual({
        status: 400,
        message: "Invalid value for 'project_id': must be a non-negative integer",
      });
    for (const releases of [["R1"], { core: 5 }])
      expect(await message({ project: "DWH", releases, instances: [{ id: 1 }] })).toEqual({
        status: 400,
        message: "Invalid value for 'releases': must map release group names to release names",
      });
    expect(
      await message({ project: "DWH", description: "x".repeat(4001), instances: [{ id: 1 }] }),
    ).toEqual({
      status: 400,
      message: "Invalid value for 'description': must be at most 4000 characters",
    });
    const res = await h.call("/api/v1/builds", ann, { method: "POST", body: "{not json" });
    expect(res.status).toBe(400);
    expect((await h.call("/api/v1/builds/abc", ann)).status).toBe(400);
  });

  it("fails a build whose template does not parse, naming pattern, template, instance and line", async () => {
    await h.db
      .insert(schema.templates)
      .values({ patternId: cat.hub.id, path: "broken.sql", body: "ok\n{{ x | nope }}", posNo: 9 });
    const res = await client.start(ann, {
      project: "DWH",
      instances: [{ id: cat.customer.id }],
      wait: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.build).toMatchObject({
      status: "FAILED",
      message: `Template error in pattern 'HUB', template 'broken.sql', instance '/sales/CUSTOMER' (id ${cat.customer.id}), line 2: undefined filter: nope`,
      downloads: [],
    });
  });

  it("answers 404 for an unknown build and 405 for unsupported methods", async () => {
    await expectRecordNotFound(h, "/api/v1/builds/9999", ann, 9999);
    await expectMethodsNotAllowed(h, ann, [["PUT", "/api/v1/builds/1"]]);
    await expectMethodsNotAllowed(h, ann, [["DELETE", "/api/v1/builds"]], "GET, POST");
  });
});

describe("builds: security", () => {
  it("refuses a request without a token", async () => {
    await expectNotAuthenticated(h, "/api/v1/builds");
    await expectNotAuthenticated(h, "/api/v1/builds", { method: "POST", body: "{}" });
  });

  it("needs write_builds to start and access to read", async () => {
    const res = await client.start(bob, { project: "DWH", instances: [{ id: cat.order.id }] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have permissions to start builds in this project!");
    const lake = await client.start(ann, { project: "LAKE", instances: [{ id: cat.lakeHub.id }] });
    expect(lake.status).toBe(403);
    expect(lake.body.message).toBe("You don't have permissions to access this project!");
    const { build } = await client.build(admin, {
      project: "LAKE",
      instances: [{ id: cat.lakeHub.id }],
    });
    expect((await h.call(`/api/v1/builds/${build.id}`, ann)).status).toBe(403);
    expect((await h.call("/api/v1/builds?project=LAKE", ann)).status).toBe(403);
  });

  it("restore is part of starting a build: write_builds alone restores (docs/reference/endpoints.md's only 403 is the build one)", async () => {
    await h.db
      .insert(schema.grants)
      .values({ userId: seed.bob.id, projectId: seed.dwh.id, permission: "write_builds" });
    const started = await client.start(bob, {
      project: "DWH",
      restore: true,
      instances: [{ id: cat.gone.id }],
    });
    expect(started.status).toBe(201);
    const gone = await h.call("/api/v1/instances?project=DWH&name=GONE", admin);
    expect(await gone.json()).toMatchObject([{ deleted: false, version: 2 }]);
  });

  it("hides another customer's projects, instances and builds as 404", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    expect((await h.call(`/api/v1/builds/${build.id}`, eve)).status).toBe(404);
    expect(await (await h.call("/api/v1/builds", eve)).json()).toEqual([]);
    const res = await client.start(eve, { project: "DWH", instances: [{ id: cat.order.id }] });
    expect(res.status).toBe(404);
    const foreign = await client.start(eve, {
      project: "GLOBEX_DWH",
      instances: [{ id: cat.order.id }],
    });
    // eve has access only, no write_builds
    expect(foreign.status).toBe(403);
  });
});
