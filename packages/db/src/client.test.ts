import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Db, closeDatabase, openDatabase, transaction } from "./client.ts";
import { insertProject } from "./queries/projects.ts";
import { customers, projects } from "./schema/index.ts";

// The asynchronous transaction on the one SQLite connection (docs/stores.md "Transactions").
let db: Db;
let customerId: number;
const names = () =>
  db
    .select({ name: projects.name })
    .from(projects)
    .all()
    .map((p) => p.name)
    .sort();
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  db = openDatabase(":memory:");
  customerId = db.insert(customers).values({ name: "Acme" }).returning().get().id;
});
afterEach(() => closeDatabase(db));

describe("transactions on the shared SQLite connection", () => {
  it("keeps another caller's write out of an open transaction that then rolls back", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = transaction(db, async () => {
      await insertProject(db, customerId, "INSIDE");
      await held; // the transaction stays open across other requests' turns
      throw new Error("rolled back");
    });
    await tick();
    const outside = insertProject(db, customerId, "OUTSIDE");
    await tick();
    release();
    await expect(failing).rejects.toThrow("rolled back");
    await outside;
    expect(names()).toEqual(["OUTSIDE"]);
  });

  it("does not let work a transaction left behind run inside a later transaction", async () => {
    let leftover: Promise<unknown> | undefined;
    let letGo!: () => void;
    const later = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    await transaction(db, async () => {
      await insertProject(db, customerId, "FIRST");
      // Started inside, finishes after the commit: like an asynchronous event listener.
      leftover = later.then(() => insertProject(db, customerId, "LEFTOVER"));
    });
    const second = transaction(db, async () => {
      await insertProject(db, customerId, "SECOND");
      letGo();
      await tick();
      await tick();
      throw new Error("second rolls back");
    });
    await expect(second).rejects.toThrow("second rolls back");
    await leftover;
    expect(names()).toEqual(["FIRST", "LEFTOVER"]);
  });

  it("makes a transaction inside a transaction a savepoint", async () => {
    await transaction(db, async () => {
      await insertProject(db, customerId, "OUTER");
      await expect(
        transaction(db, async () => {
          await insertProject(db, customerId, "INNER");
          throw new Error("inner fails");
        }),
      ).rejects.toThrow("inner fails");
    });
    expect(names()).toEqual(["OUTER"]);
  });

  it("runs transactions one after another, in the order they asked", async () => {
    const order: string[] = [];
    await Promise.all(
      ["A", "B", "C"].map((name) =>
        transaction(db, async () => {
          order.push(`${name} begins`);
          await tick();
          await insertProject(db, customerId, name);
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(["A begins", "A ends", "B begins", "B ends", "C begins", "C ends"]);
    expect(names()).toEqual(["A", "B", "C"]);
  });
});
