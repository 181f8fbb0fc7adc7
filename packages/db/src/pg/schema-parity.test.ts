import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, closeDatabase, openDatabase } from "../client.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import * as sqliteSchemaTs from "../schema/index.ts";
import * as pgSchema from "./schema/index.ts";
import { type SchemaShape, postgresShape, sqliteShape } from "./schema-shape.ts";

/**
 * The PostgreSQL tables are derived from the one schema (docs/stores.md "One
 * schema, two stores"): both stores migrated from empty hold the same tables,
 * columns, keys and indexes. A migration generated for one store only, or a
 * declaration the derivation translates wrongly, fails here.
 */
let sqlite: Db;
let postgres: TestPostgresStore;
let sqliteSchema: SchemaShape;
let postgresSchema: SchemaShape;

beforeAll(async () => {
  sqlite = openDatabase(":memory:");
  postgres = await testPostgresStore();
  sqliteSchema = await sqliteShape(sqlite);
  postgresSchema = await postgresShape(postgres.db);
}, 120_000);

afterAll(async () => {
  closeDatabase(sqlite);
  await postgres?.close();
});

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("the PostgreSQL schema twin", () => {
  it("has the same tables", () => {
    expect(Object.keys(sqliteSchema).length).toBeGreaterThan(30);
    expect(Object.keys(postgresSchema).sort()).toEqual(Object.keys(sqliteSchema).sort());
  });

  it("has the same columns: types, nullability and defaults", () => {
    for (const [table, shape] of Object.entries(sqliteSchema))
      expect(postgresSchema[table]?.columns, table).toEqual(shape.columns);
  });

  it("has the same primary keys, foreign keys (target, on delete) and indexes", () => {
    for (const [table, shape] of Object.entries(sqliteSchema)) {
      const twin = postgresSchema[table];
      expect(twin?.primaryKey, `${table} primary key`).toEqual(shape.primaryKey);
      expect(twin?.foreignKeys, `${table} foreign keys`).toEqual(shape.foreignKeys);
      expect(twin?.indexes, `${table} indexes`).toEqual(shape.indexes);
    }
  });

  it("notices a column only one store has", async () => {
    const other = openDatabase(":memory:");
    other.$client.exec("alter table customers add column region text");
    const shape = await sqliteShape(other);
    closeDatabase(other);
    expect(postgresSchema.customers?.columns).not.toEqual(shape.customers?.columns);
  });

  it("migrations-pg matches the PostgreSQL declarations (none forgotten to generate)", () => {
    for (const value of Object.values(pgSchema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      expect(Object.keys(postgresSchema[config.name]?.columns ?? {}).sort(), config.name).toEqual(
        config.columns.map((c) => c.name).sort(),
      );
    }
  });

  it("declares bigint exactly where migrations-pg has it (the schema's wide integers)", async () => {
    const migrated = await postgres.db.$client.query<{ name: string }>(
      `select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = 'public' and data_type = 'bigint'`,
    );
    const declared = Object.values(pgSchema)
      .filter((value) => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns
          .filter((c) => c.getSQLType() === "bigint")
          .map((c) => `${config.name}.${c.name}`);
      });
    expect(declared.length).toBeGreaterThan(5);
    expect(declared.sort()).toEqual(migrated.rows.map((r) => r.name).sort());
  });

  it("declares the same table objects: export names and property keys (one query code for both)", () => {
    const shape = (schema: Record<string, unknown>, table: typeof PgTable | typeof SQLiteTable) =>
      Object.fromEntries(
        Object.entries(schema)
          .filter(([, value]) => is(value, table))
          .map(([name, value]) => {
            const columns = getTableColumns(value as PgTable);
            const keys = Object.entries(columns).map(([key, c]) => `${key}=${c.name}`);
            return [name, `${getTableName(value as PgTable)}: ${keys.sort().join(" ")}`];
          }),
      );
    expect(shape(pgSchema, PgTable)).toEqual(shape(sqliteSchemaTs, SQLiteTable));
  });

  it("writes the `now` default in the same text format as SQLite, to the millisecond in UTC", async () => {
    const before = Date.now();
    const fromSqlite = sqlite.$client
      .prepare("insert into customers (name) values ('Acme') returning created_at")
      .get() as { created_at: string };
    // In a session of another time zone: the text is UTC whatever the session's zone.
    const session = await postgres.db.$client.connect();
    let fromPostgres: string;
    try {
      await session.query("set time zone 'America/St_Johns'");
      const inserted = await session.query<{ created_at: string }>(
        "insert into customers (name) values ('Acme') returning created_at",
      );
      fromPostgres = inserted.rows[0]?.created_at as string;
    } finally {
      session.release();
    }
    const stamps = [fromSqlite.created_at, fromPostgres];
    for (const stamp of stamps) {
      expect(stamp).toMatch(ISO_MILLIS);
      // JavaScript's own ISO text: the same bytes the services write with toISOString().
      expect(new Date(stamp).toISOString()).toBe(stamp);
      // Generous: the two clocks are this machine's; a minute guards against a wrong zone.
      expect(Math.abs(new Date(stamp).getTime() - before)).toBeLessThan(60_000);
    }
  });
});
