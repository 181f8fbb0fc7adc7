import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase, transaction } from "../client.ts";
import { postgresHandle } from "../pg/handle.ts";
import { returnedRow, tablesOf } from "../store.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import { addReleases } from "./bundles.ts";

let pgStores: TestPostgresStore[] = [];
afterEach(async () => {
  await Promise.all(pgStores.map((s) => s.close()));
  pgStores = [];
});

const stores: [string, () => Promise<Db>][] = [
  ["SQLite", async () => openDatabase(":memory:")],
  [
    "PostgreSQL",
    async () => {
      const s = await testPostgresStore();
      pgStores.push(s);
      return postgresHandle(s.db) as Db;
    },
  ],
];

async function group(db: Db): Promise<number> {
  const t = tablesOf(db);
  const customer = returnedRow(await db.insert(t.customers).values({ name: "Acme" }).returning());
  return returnedRow(
    await db.insert(t.releaseGroups).values({ customerId: customer.id, name: "core" }).returning(),
  ).id;
}

async function namesOf(db: Db, groupId: number): Promise<string[]> {
  const { releases } = tablesOf(db);
  const rows = await db.select().from(releases).orderBy(releases.id);
  return rows.filter((r) => r.releaseGroupId === groupId).map((r) => r.name);
}

describe.each(stores)("addReleases on %s", { timeout: 60_000 }, (_store, open) => {
  it("adds the names the group lacks in the given order, keeps the others", async () => {
    const db = await open();
    const id = await group(db);
    expect(await addReleases(db, id, ["R1", "R2"])).toBe(2);
    expect(await addReleases(db, id, ["R3", "R1", "R0", "R3"])).toBe(2);
    expect(await namesOf(db, id)).toEqual(["R1", "R2", "R3", "R0"]);
    expect(await addReleases(db, id, [])).toBe(0);
  });

  it("writes thousands in chunks, the event loop turning between them, inside a transaction", async () => {
    const db = await open();
    const id = await group(db);
    const names = Array.from({ length: 4_100 }, (_, i) => `R${i}`);
    // Counts the event loop's turns: what waits (a request) runs once per turn.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    await transaction(db, async () => {
      setImmediate(count);
      const before = turns;
      expect(await addReleases(db, id, names)).toBe(4_100);
      // Three statements of at most 2,000 rows, a turn between each two.
      expect(turns - before).toBeGreaterThanOrEqual(2);
      counting = false;
    });
    expect(await namesOf(db, id)).toEqual(names);
  });
});
