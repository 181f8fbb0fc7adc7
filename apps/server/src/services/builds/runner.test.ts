import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Build } from "@metabuild/contract";
import { readArchive } from "@metabuild/core";
import { openDatabase, schema as s, tablesOf } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import { startServer } from "../../server.ts";
import { buildClient } from "../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog, seedManyHubs } from "../../testing/builds-fixture.ts";
import { type Harness, TEST_PASSWORD, createHarness, seedBasic } from "../../testing/harness.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: BuildCatalog;
let ann: string;
let client: ReturnType<typeof buildClient>;

function useHarness(overrides: Parameters<typeof createHarness>[0] = {}) {
  beforeEach(async () => {
    h = createHarness(overrides);
    seed = await seedBasic(h.db);
    cat = await seedBuildCatalog(h.db, seed);
    client = buildClient(h);
    ann = await h.token("ann@acme.test");
  });
  afterEach(() => h.services.stopBuilds());
}

/** A pattern with one template, and one valid instance of it in DWH. */
async function patternWith(
  name: string,
  templates: { path: string; body: string }[],
  instances = ["ONE"],
) {
  const pattern = await cat.fx.pattern(name, { properties: [{ name: "C" }] });
  const { templates: templateTable } = tablesOf(h.db);
  for (const t of templates)
    await h.db.insert(templateTable).values({ patternId: pattern.id, ...t });
  // One after another: the ids come out in the order of the names.
  const ids: number[] = [];
  for (const n of instances)
    ids.push(
      (
        await cat.fx.instance({
          projectId: seed.dwh.id,
          patternId: pattern.id,
          folder: "/t",
          name: n,
          rows: [{ C: "x" }],
        })
      ).id,
    );
  return { pattern, ids };
}

describe("build runs", () => {
  useHarness();

  it("fails a template error with pattern, template path, instance and line in the message", async () => {
    const { ids } = await patternWith("BROKEN_TPL", [
      {
        path: "{{ instance.name }}.sql",
        body: "ok\n{{ instance.name }}\n{% render '_nowhere.liquid' %}\n",
      },
    ]);
    const { build } = await client.build(ann, { instances: [{ id: ids[0] }] });
    expect(build.status).toBe("FAILED");
    expect(build.message).toMatch(
      /^Template error in pattern 'BROKEN_TPL', template '\{\{ instance.name \}\}.sql', instance '\/t\/ONE' \(id \d+\), line 3: .*_nowhere.liquid/,
    );
    expect(build.downloads).toEqual([]);
    expect(build.build_end).not.toBeNull();
  });

  it("fails paths that leave the archive, are empty, or collide", async () => {
    const traversal = await patternWith("ESCAPE", [
      { path: "../../etc/{{ instance.name }}", body: "x" },
    ]);
    const escaped = (await client.build(ann, { instances: [{ id: traversal.ids[0] }] })).build;
    expect(escaped.status).toBe("FAILED");
    expect(escaped.message).toContain("the rendered path '../../etc/ONE' contains '..'");
    const empty = await patternWith("EMPTY", [{ path: "{{ nothing }}", body: "x" }]);
    expect(
      (await client.build(ann, { instances: [{ id: empty.ids[0] }] })).build.message,
    ).toContain("the rendered path is empty");
    const clash = await patternWith(
      "CLASH",
      [{ path: "same.sql", body: "{{ instance.name }}" }],
      ["A", "B"],
    );
    const clashed = (await client.build(ann, { instances: clash.ids.map((id) => ({ id })) })).build;
    expect(clashed.status).toBe("FAILED");
    expect(clashed.message).toBe(
      "Pattern 'CLASH': two files on the path 'same.sql' (instances '/t/A' and '/t/B')",
    );
  });

  it("gives byte-identical archives for identical input", async () => {
    const entries = [{ id: cat.satCustomer.id }];
    const a = (await client.build(ann, { instances: entries })).build;
    const b = (await client.build(ann, { instances: entries, description: "again" })).build;
    const [da, db] = await Promise.all([
      client.download(ann, a.downloads[0].id),
      client.download(ann, b.downloads[0].id),
    ]);
    expect(da.data.length).toBeGreaterThan(0);
    expect(Buffer.compare(da.data, db.data)).toBe(0);
  });

  it("builds nothing, and says so, when every entry was skipped", async () => {
    const { build, warnings } = await client.build(ann, { instances: [{ id: cat.broken.id }] });
    expect(warnings).toHaveLength(1);
    expect(build).toMatchObject({
      status: "FINISHED",
      progress: 100,
      instances: 0,
      message: "Nothing to build",
      downloads: [],
    });
  });
});

describe("wait: true and the wait timeout", () => {
  useHarness({ waitTimeout: 0 });

  it("answers with the build as it stands when the wait time is up", async () => {
    await seedManyHubs(h.db, cat, seed.dwh.id, 300);
    const res = await client.start(ann, {
      project: "DWH",
      wait: true,
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    expect(res.status).toBe(201);
    const build = res.body.build as Build;
    expect(build).toMatchObject({ status: "BUILDING", instances: 300, downloads: [] });
    expect((await client.settled(ann, build.id)).status).toBe("FINISHED");
  }, 30_000);
});

describe("rendering in worker threads", () => {
  useHarness({ buildWorkers: 2 });

  it("renders the same archive in workers as in this thread", async () => {
    const inWorkers = (await client.build(ann, { instances: [{ id: cat.satCustomer.id }] })).build;
    expect(inWorkers.status).toBe("FINISHED");
    const inline = createHarness();
    const inlineCat = await seedBuildCatalog(inline.db, await seedBasic(inline.db));
    const other = buildClient(inline);
    const token = await inline.token("ann@acme.test");
    const inThread = (await other.build(token, { instances: [{ id: inlineCat.satCustomer.id }] }))
      .build;
    const [a, b] = await Promise.all([
      client.download(ann, inWorkers.downloads[0].id),
      other.download(token, inThread.downloads[0].id),
    ]);
    expect(Buffer.compare(a.data, b.data)).toBe(0);
    const files = await readArchive(a.data);
    expect(files.get("sat/SAT_CUSTOMER.txt")?.toString()).toBe("SAT_CUSTOMER crm,pii\n");
  }, 30_000);
});

describe("recovery after a restart", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "metabuild-recovery-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("finishes a build that was interrupted by stopping the server", async () => {
    const config = testConfig({
      dataDir: dir,
      databaseFile: join(dir, "store.db"),
      buildWorkers: 0,
    });
    const db = openDatabase(config.databaseFile);
    const seeded = await seedBasic(db);
    await seedManyHubs(db, await seedBuildCatalog(db, seeded), seeded.dwh.id, 1000);
    db.$client.close();
    const silent = { info() {}, warn() {}, error() {} };

    const first = await startServer(config, silent);
    const signIn = await fetch(`${first.url}/authentication`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const auth = { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" };
    const started = await fetch(`${first.url}/api/v1/builds`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        project: "DWH",
        instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
      }),
    });
    const { build } = (await started.json()) as { build: { id: number } };
    await first.close();

    const between = openDatabase(config.databaseFile);
    expect((await between.select().from(s.builds)).map((b) => b.status)).toEqual(["BUILDING"]);
    between.$client.close();

    // A thousand instances rendered in this thread after a restart: minutes on a busy machine.
    const second = await startServer(config, silent);
    // The second server may get the first one's port: the client's pooled socket to that
    // port was closed with the first server, and its first reuse fails. Ask again then.
    const get = async (url: string) => {
      try {
        return await fetch(url, { headers: auth });
      } catch {
        return await fetch(url, { headers: auth });
      }
    };
    try {
      let state: Build;
      do {
        state = (await (await get(`${second.url}/api/v1/builds/${build.id}`)).json()) as Build;
      } while (
        state.status === "BUILDING" &&
        (await new Promise((r) => setTimeout(r, 20))) === undefined
      );
      expect(state).toMatchObject({ status: "FINISHED", progress: 100, instances: 1000 });
      const zip = await get(`${second.url}/api/v1/downloads/${state.downloads[0].id}`);
      const files = await readArchive(Buffer.from(await zip.arrayBuffer()));
      expect(files.size).toBe(2 * 1000 + 1);
    } finally {
      await second.close();
    }
  }, 180_000);
});
