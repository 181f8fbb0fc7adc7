import { afterEach, describe, expect, it } from "vitest";
import { type Db, transaction } from "../client.ts";
import { postgresHandle } from "../pg/handle.ts";
import { returnedRow, tablesOf } from "../store.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import { findProjectById } from "./projects.ts";

let stores: TestPostgresStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

async function pgHandle(): Promise<Db> {
  const store = await testPostgresStore();
  stores.push(store);
  return postgresHandle(store.db);
}

async function newProject(db: Db, name: string) {
  const { customers, projects } = tablesOf(db);
  const customer = returnedRow(await db.insert(customers).values({ name }).returning());
  return returnedRow(
    await db.insert(projects).values({ customerId: customer.id, name }).returning(),
  );
}

// Cached statements on PostgreSQL (prepared.ts): each call runs on the
// connection of the caller's own transaction, or on the pool outside one.
describe("prepared statements on PostgreSQL", { timeout: 60_000 }, () => {
  it("sees the transaction's own writes though first built outside it", async () => {
    const db = await pgHandle();
    const outside = await newProject(db, "OUT");
    expect((await findProjectById(db, outside.customerId, outside.id))?.name).toBe("OUT");
    const inside = await transaction(db, async () => {
      const p = await newProject(db, "IN");
      return await findProjectById(db, p.customerId, p.id);
    });
    expect(inside?.name).toBe("IN");
  });

  it("does not run later calls on a transaction's connection", async () => {
    const db = await pgHandle();
    await transaction(db, async () => {
      const p = await newProject(db, "FIRST");
      expect((await findProjectById(db, p.customerId, p.id))?.name).toBe("FIRST");
    });
    let written: (v: { id: number; customerId: number }) => void = () => {};
    const seen = new Promise<{ id: number; customerId: number }>((r) => {
      written = r;
    });
    let finish: () => void = () => {};
    const held = new Promise<void>((r) => {
      finish = r;
    });
    const open = transaction(db, async () => {
      written(await newProject(db, "UNCOMMITTED"));
      await held;
      throw new Error("rolled back");
    });
    const p = await seen;
    // Outside the open transaction its row is not there.
    expect(await findProjectById(db, p.customerId, p.id)).toBeUndefined();
    finish();
    await expect(open).rejects.toThrow("rolled back");
  });
});
