import type { Build, BuildDiff, BuildFile, BuildSelection } from "@metabuild/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { buildClient } from "../../../testing/build-client.ts";
import {
  type BuildCatalog,
  seedBuildCatalog,
  seedManyHubs,
} from "../../../testing/builds-fixture.ts";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let eve: string;
let client: ReturnType<typeof buildClient>;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedBuildCatalog(h.db, seed);
  client = buildClient(h);
  [ann, bob, eve] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("eve@globex.test"),
  ]);
});

const cancel = (id: number, token = ann) =>
  h.call(`/api/console/builds/${id}/cancel`, token, { method: "POST" });

describe("console builds: happy path", () => {
  it("cancels a running build: it ends CANCELED without downloads", async () => {
    await seedManyHubs(h.db, cat, seed.dwh.id, 500);
    const started = await client.start(ann, {
      project: "DWH",
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    const res = await cancel(started.body.build.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Build).status).toBe("CANCELED");
    const ended = await client.settled(ann, started.body.build.id);
    expect(ended).toMatchObject({
      status: "CANCELED",
      message: "Canceled by ann@acme.test",
      downloads: [],
    });
    expect(ended.build_end).not.toBeNull();
    expect(ended.progress).toBeLessThan(100);
  }, 30_000);

  it("lists the files of a build's archives and reads one", async () => {
    const { build } = await client.build(ann, {
      instances: [{ id: cat.customer.id }, { id: cat.satCustomer.id }],
    });
    const res = await h.call(`/api/console/builds/${build.id}/files`, ann);
    expect(res.status).toBe(200);
    const files = (await res.json()) as BuildFile[];
    expect(files.map((f) => `${f.pattern}:${f.path}`)).toEqual([
      "HUB:load/customer.sql",
      "HUB:sales/CUSTOMER.sql",
      "SAT:sat/SAT_CUSTOMER.txt",
    ]);
    expect(files[1]).toMatchObject({
      instance_id: cat.customer.id,
      pattern_id: cat.hub.id,
      size: expect.any(Number),
    });
    const one = await h.call(
      `/api/console/builds/${build.id}/file?pattern=SAT&path=sat/SAT_CUSTOMER.txt`,
      ann,
    );
    expect(one.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await one.text()).toBe("SAT_CUSTOMER crm,pii\n");
  });

  it("compares two builds: files added, removed and changed with unified diffs", async () => {
    const before = (
      await client.build(ann, { instances: [{ id: cat.customer.id }, { id: cat.order.id }] })
    ).build;
    await h.services.instanceWriter.write(
      null,
      {
        projectId: seed.dwh.id,
        patternId: cat.hub.id,
        folder: "/sales",
        name: "ORDER",
        rows: [
          { COLUMN_NAME: "ORDER_ID", DATA_TYPE: "INTEGER", BUSINESS_KEY: "X" },
          { COLUMN_NAME: "AMOUNT", DATA_TYPE: "NUMBER" },
        ],
      },
      { source: "import", overwrite: true },
    );
    const after = (
      await client.build(ann, { instances: [{ id: cat.order.id }, { id: cat.ledger.id }] })
    ).build;
    const res = await h.call(`/api/console/builds/${after.id}/diff?against=${before.id}`, ann);
    expect(res.status).toBe(200);
    const diff = (await res.json()) as BuildDiff;
    expect(diff.added).toEqual([
      { pattern: "HUB", path: "finance/gl/LEDGER.sql" },
      { pattern: "HUB", path: "load/ledger.sql" },
    ]);
    expect(diff.removed).toEqual([
      { pattern: "HUB", path: "load/customer.sql" },
      { pattern: "HUB", path: "sales/CUSTOMER.sql" },
    ]);
    expect(diff.unchanged).toBe(1);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0].path).toBe("sales/ORDER.sql");
    expect(diff.changed[0].diff).toBe(
      [
        "--- a/HUB/sales/ORDER.sql",
        "+++ b/HUB/sales/ORDER.sql",
        "@@ -1,7 +1,7 @@",
        `--- DWH/HUB v1.0 build ${before.id}`,
        `+-- DWH/HUB v1.0 build ${after.id}`,
        " -- levels: default-value dwh_prod default-folder default-instance",
        " CREATE TABLE dwh_prod.ORDER (",
        "   ORDER_ID INTEGER,",
        "-  NAME TEXT",
        "+  AMOUNT NUMBER",
        " );",
        " -- key: ORDER_ID",
        "",
      ].join("\n"),
    );
  });
});

describe("console builds: selection", () => {
  const selection = async (id: number, token = ann) => {
    const res = await h.call(`/api/console/builds/${id}/selection`, token);
    return { status: res.status, body: (await res.json()) as BuildSelection };
  };

  it("lists what a wildcard build rendered and what it left out, with why", async () => {
    const { build } = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "*" }],
      releases: { core: "R1" },
    });
    const { status, body } = await selection(build.id);
    expect(status).toBe(200);
    expect(body.instances.map((i) => i.name)).toEqual(["CUSTOMER", "ORDER"]);
    expect(body.instances[0]).toMatchObject({ pattern: "HUB", folder: "/sales", version: 1 });
    expect(body.left_out).toEqual(
      expect.arrayContaining([
        { id: cat.broken.id, pattern: "HUB", folder: "/sales", name: "BROKEN", reason: "invalid" },
        {
          id: cat.disabled.id,
          pattern: "HUB",
          folder: "/sales",
          name: "DISABLED",
          reason: "build_disabled",
        },
        {
          id: cat.nextRelease.id,
          pattern: "HUB",
          folder: "/sales",
          name: "NEXT",
          reason: "release",
        },
      ]),
    );
    expect(body.left_out).toHaveLength(3);
    expect(body.releases).toEqual({ core: "R1" });
  });

  it("names an explicitly requested invalid instance as left out, once", async () => {
    const { build } = await client.build(ann, {
      instances: [{ id: cat.customer.id }, { id: cat.broken.id }, { id: cat.broken.id }],
    });
    const { body } = await selection(build.id);
    expect(body.instances.map((i) => i.id)).toEqual([cat.customer.id]);
    expect(body.left_out).toEqual([
      { id: cat.broken.id, pattern: "HUB", folder: "/sales", name: "BROKEN", reason: "invalid" },
    ]);
    expect(body.releases).toEqual({});
  });

  it("answers 404 for another customer's build and 401 without a token", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.customer.id }] });
    expect((await selection(build.id, eve)).status).toBe(404);
    expect((await h.call(`/api/console/builds/${build.id}/selection`)).status).toBe(401);
    expect((await selection(999_999)).status).toBe(404);
  });
});

describe("console builds: errors", () => {
  it("answers 409 when canceling a build that has ended, 404 for unknown ones", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    const res = await cancel(build.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      `Build ${build.id} has already ended (FINISHED)`,
    );
    expect((await cancel(9999)).status).toBe(404);
    expect((await h.call("/api/console/builds/9999/files", ann)).status).toBe(404);
  });

  it("answers 404 for a file that is not in the archive and 400 without `against`", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    const missing = await h.call(
      `/api/console/builds/${build.id}/file?pattern=HUB&path=nope.sql`,
      ann,
    );
    expect(missing.status).toBe(404);
    expect(
      (await h.call(`/api/console/builds/${build.id}/file?pattern=HUB&path=manifest.json`, ann))
        .status,
    ).toBe(404);
    const noAgainst = await h.call(`/api/console/builds/${build.id}/diff`, ann);
    expect(noAgainst.status).toBe(400);
    expect(((await noAgainst.json()) as { message: string }).message).toContain("'against'");
  });

  it("answers 405 for other methods on the console actions", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    const get = await h.call(`/api/console/builds/${build.id}/cancel`, ann);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(
      (await h.call(`/api/console/builds/${build.id}/files`, ann, { method: "POST" })).status,
    ).toBe(405);
  });
});

describe("console builds: security", () => {
  it("needs write_builds to cancel and read_builds to browse or compare", async () => {
    const started = await client.start(ann, { project: "DWH", instances: [{ id: cat.order.id }] });
    const refused = await cancel(started.body.build.id, bob);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "You don't have permissions to start builds in this project!",
    );
    const done = await client.settled(ann, started.body.build.id);
    expect(done.status).toBe("FINISHED");
    const files = await h.call(`/api/console/builds/${done.id}/files`, bob);
    expect(files.status).toBe(403);
    expect(((await files.json()) as { message: string }).message).toBe(
      "You don't have permissions to download build results!",
    );
    expect(
      (await h.call(`/api/console/builds/${done.id}/diff?against=${done.id}`, bob)).status,
    ).toBe(403);
  });

  it("hides other customers' builds and refuses requests without a token", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    expect((await cancel(build.id, eve)).status).toBe(404);
    expect((await h.call(`/api/console/builds/${build.id}/files`, eve)).status).toBe(404);
    expect((await h.call(`/api/console/builds/${build.id}/files`)).status).toBe(401);
  });
});
