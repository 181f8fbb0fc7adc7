import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../client.ts";
import { postgresHandle, postgresRoot } from "../pg/handle.ts";
import { customers, instanceFolders, patterns, projects } from "../schema/index.ts";
import { returnedRow, tablesOf } from "../store.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import { type BulkInstance, bulkLoadInstances } from "./bulk-load.ts";
import { instanceRowsOf } from "./instance-detail.ts";
import { type InstanceSearch, searchInstances, searchInstancesJson } from "./instances.ts";

function store() {
  const db = openDatabase(":memory:");
  const customer = db.insert(customers).values({ name: "Acme" }).returning().get();
  const project = db
    .insert(projects)
    .values({ customerId: customer.id, name: "DWH" })
    .returning()
    .get();
  const pattern = db
    .insert(patterns)
    .values({ customerId: customer.id, name: "HUB" })
    .returning()
    .get();
  const folder = db
    .insert(instanceFolders)
    .values({ projectId: project.id, name: "", path: "/" })
    .returning()
    .get();
  const target = {
    customerId: customer.id,
    projectId: project.id,
    patternId: pattern.id,
    userId: null,
    at: "2025-01-01T00:00:00.000Z",
    source: "import",
  };
  return { db, target, folder };
}

function item(folderId: number, name: string, labels: string[]): BulkInstance {
  return {
    instanceFolderId: folderId,
    name,
    description: `${name} hub`,
    releaseId: null,
    labels,
    rows: [{ COLUMN_NAME: "ID" }, { COLUMN_NAME: null }],
    issues: [{ row: 1, column: "COLUMN_NAME", message: "Row 2: COLUMN_NAME is required" }],
    commitAfter: JSON.stringify({ rows: [] }),
  };
}

let pgStores: TestPostgresStore[] = [];
afterEach(async () => {
  await Promise.all(pgStores.map((s) => s.close()));
  pgStores = [];
});

/** The same seed on a fresh PostgreSQL store (docs/stores.md "Instance queries on PostgreSQL"). */
async function pgStore() {
  const s = await testPostgresStore();
  pgStores.push(s);
  const db = postgresHandle(s.db) as Db;
  const t = tablesOf(db);
  const customer = returnedRow(await db.insert(t.customers).values({ name: "Acme" }).returning());
  const project = returnedRow(
    await db.insert(t.projects).values({ customerId: customer.id, name: "DWH" }).returning(),
  );
  const pattern = returnedRow(
    await db.insert(t.patterns).values({ customerId: customer.id, name: "HUB" }).returning(),
  );
  const folder = returnedRow(
    await db
      .insert(t.instanceFolders)
      .values({ projectId: project.id, name: "", path: "/" })
      .returning(),
  );
  const target = {
    customerId: customer.id,
    projectId: project.id,
    patternId: pattern.id,
    userId: null,
    at: "2025-01-01T00:00:00.000Z",
    source: "import",
  };
  return { db, target, folder };
}

describe("bulkLoadInstances on PostgreSQL", { timeout: 60_000 }, () => {
  it("writes the same records, labels and first commit, all or none", async () => {
    const { db, target, folder } = await pgStore();
    const loaded = await bulkLoadInstances(db, target, [
      item(folder.id, "CUSTOMER", ["pii", "core"]),
      item(folder.id, "ORDER", ["core"]),
    ]);
    expect(loaded).toEqual({ inserted: 2, firstId: 1, lastId: 2 });
    const page = await searchInstances(db, {
      projectId: target.projectId,
      customerId: target.customerId,
      checkoutValidAfter: target.at,
      labels: ["pii"],
    });
    if ("unknownField" in page) throw new Error("unexpected");
    expect(page.items.map((i) => [i.name, i.labels, i.errors, i.version, i.folder])).toEqual([
      ["CUSTOMER", ["pii", "core"], 1, 1, "/"],
    ]);
    expect(page.items[0]?.identityId).toBe(1);
    expect(page.items[0]?.latestCommitId).toBe(1);
    expect(await instanceRowsOf(db, 2)).toEqual([
      { posNo: 1, data: { COLUMN_NAME: "ID" } },
      { posNo: 2, data: { COLUMN_NAME: null } },
    ]);
    await expect(
      bulkLoadInstances(db, target, [item(folder.id, "B", []), item(folder.id, "B", [])]),
    ).rejects.toThrow();
    const all = await searchInstances(db, {
      projectId: target.projectId,
      customerId: target.customerId,
      checkoutValidAfter: target.at,
    });
    if ("unknownField" in all) throw new Error("unexpected");
    expect(all.total).toBe(2);
  });
});

/** The list's JSON text, joined when it came as chunks. */
async function listText(db: Db, search: InstanceSearch) {
  const page = await searchInstancesJson(db, search);
  if ("unknownField" in page) throw new Error("unexpected");
  if (typeof page.json === "string") return { text: page.json, total: page.total, chunks: 1 };
  let text = "";
  let chunks = 0;
  for await (const chunk of page.json) {
    text += chunk;
    chunks++;
  }
  return { text, total: page.total, chunks };
}

describe("a long list on PostgreSQL", { timeout: 60_000 }, () => {
  it("streams through a cursor the same text as SQLite's one statement", async () => {
    const many = (folderId: number) =>
      Array.from({ length: 6_100 }, (_, i) => ({
        ...item(folderId, `I_${String(i).padStart(5, "0")}`, i % 3 ? ["pii", "core"] : []),
        description: i % 7 ? `"quoted" \\ line\n ü ${i}` : null,
        releaseId: null,
      }));
    const lite = store();
    const pg = await pgStore();
    await bulkLoadInstances(lite.db, lite.target, many(lite.folder.id));
    await bulkLoadInstances(pg.db, pg.target, many(pg.folder.id));
    const searches: Partial<InstanceSearch>[] = [
      {},
      { $skip: 100, $limit: 5_000 },
      { $skip: 10_000 },
      { $sort: [{ field: "name", desc: true }] },
      { name: "I_00*" },
    ];
    for (const s of searches) {
      const search = (t: typeof lite.target) => ({
        projectId: t.projectId,
        customerId: t.customerId,
        checkoutValidAfter: t.at,
        ...s,
      });
      const expected = await listText(lite.db, search(lite.target));
      const got = await listText(pg.db, search(pg.target));
      expect(got.total).toBe(expected.total);
      expect(got.text).toBe(expected.text);
    }
    // The whole list came in more than one chunk.
    expect((await listText(pg.db, search0(pg.target))).chunks).toBeGreaterThan(1);
    // A reader that stops early (the client went away) gives the connection back.
    const page = await searchInstancesJson(pg.db, search0(pg.target));
    if ("unknownField" in page || typeof page.json === "string") throw new Error("unexpected");
    const chunks = page.json[Symbol.asyncIterator]();
    expect((await chunks.next()).value?.startsWith('[{"id":1,')).toBe(true);
    await chunks.return?.(undefined);
    const pool = postgresRoot(pg.db).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await listText(pg.db, { ...search0(pg.target), name: "I_00001" })).toMatchObject({
      total: 1,
    });
  });
});

function search0(t: { projectId: number; customerId: number; at: string }): InstanceSearch {
  return { projectId: t.projectId, customerId: t.customerId, checkoutValidAfter: t.at };
}

describe("bulkLoadInstances", () => {
  it("writes instances the search and row queries read like any other", async () => {
    const { db, target, folder } = store();
    const loaded = await bulkLoadInstances(db, target, [
      item(folder.id, "CUSTOMER", ["pii", "core"]),
      item(folder.id, "ORDER", ["core"]),
    ]);
    expect(loaded.inserted).toBe(2);

    const page = await searchInstances(db, {
      projectId: target.projectId,
      customerId: target.customerId,
      checkoutValidAfter: target.at,
      labels: ["pii"],
    });
    if ("unknownField" in page) throw new Error("unexpected");
    expect(page.items.map((i) => [i.name, i.labels, i.errors, i.version, i.folder])).toEqual([
      ["CUSTOMER", ["pii", "core"], 1, 1, "/"],
    ]);
    const [customer] = page.items;
    expect(customer?.identityId).toBe(customer?.id);
    expect(customer?.latestCommitId).not.toBeNull();
    expect(await instanceRowsOf(db, loaded.lastId as number)).toEqual([
      { posNo: 1, data: { COLUMN_NAME: "ID" } },
      { posNo: 2, data: { COLUMN_NAME: null } },
    ]);
  });

  it("loads nothing when one instance breaks a key", async () => {
    const { db, target, folder } = store();
    await expect(
      async () =>
        await bulkLoadInstances(db, target, [item(folder.id, "A", []), item(folder.id, "A", [])]),
    ).rejects.toThrow(/UNIQUE/);
    const page = await searchInstances(db, {
      projectId: target.projectId,
      customerId: target.customerId,
      checkoutValidAfter: target.at,
    });
    if ("unknownField" in page) throw new Error("unexpected");
    expect(page.total).toBe(0);
  });
});
