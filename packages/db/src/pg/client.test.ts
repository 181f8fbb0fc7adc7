import { afterEach, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "../client.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import {
  closePostgres,
  continueIdsAfterExisting,
  migratePostgres,
  openPostgres,
  postgresMigrationNames,
} from "./client.ts";

let stores: TestPostgresStore[] = [];

async function store(options?: { migrated?: boolean }) {
  const s = await testPostgresStore(options);
  stores.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

describe("opening the PostgreSQL store (docs/stores.md)", { timeout: 60_000 }, () => {
  it("applies migrations-pg to an empty database and names what it applied, then nothing", async () => {
    const empty = await store({ migrated: false });
    expect(await migratePostgres(empty.db)).toEqual(postgresMigrationNames());
    expect(await migratePostgres(empty.db)).toEqual([]);
    const tables = await empty.db.$client.query("select 1 from customers");
    expect(tables.rowCount).toBe(0);
  });

  it("migrates once when two processes start together (advisory lock)", async () => {
    const empty = await store({ migrated: false });
    const pools = await Promise.all([1, 2].map(() => openPostgres(empty.url, { migrate: false })));
    try {
      const applied = await Promise.all(pools.map((db) => migratePostgres(db)));
      expect(applied.flat()).toEqual(postgresMigrationNames());
    } finally {
      await Promise.all(pools.map(closePostgres));
    }
  });

  it("answers counts and bigint columns as numbers, like SQLite", async () => {
    const { db } = await store();
    const { rows } = await db.$client.query(
      "select count(*) as n, sum(2::int8) as s, 9007199254740991::int8 as big",
    );
    expect(rows[0]).toEqual({ n: 1, s: 2, big: 9007199254740991 });
  });

  it("continues ids after rows written with explicit ids, as SQLite's AUTOINCREMENT does", async () => {
    const { db } = await store();
    const sqlite = openDatabase(":memory:");
    try {
      sqlite.$client.exec("insert into customers (id, name) values (41, 'Imported')");
      const nextSqlite = sqlite.$client
        .prepare("insert into customers (name) values ('New') returning id")
        .get() as { id: number };
      await db.$client.query("insert into customers (id, name) values (41, 'Imported')");
      await continueIdsAfterExisting(db);
      const nextPostgres = await db.$client.query(
        "insert into customers (name) values ('New') returning id",
      );
      expect(nextPostgres.rows[0]).toEqual(nextSqlite);
      expect(nextSqlite).toEqual({ id: 42 });
      // Never back: deleting the top row does not hand its id out again (AUTOINCREMENT neither).
      await db.$client.query("delete from customers where id = 42");
      await continueIdsAfterExisting(db);
      const after = await db.$client.query(
        "insert into customers (name) values ('Next') returning id",
      );
      expect(after.rows[0]).toEqual({ id: 43 });
    } finally {
      closeDatabase(sqlite);
    }
  });
});
