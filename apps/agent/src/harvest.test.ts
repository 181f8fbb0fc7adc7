import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Catalog } from "@metabuild/contract/agent-protocol";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPostgresCatalog } from "./catalog-postgres.ts";
import { readSqliteCatalog } from "./catalog-sqlite.ts";
import type { AgentConfig } from "./config.ts";
import { type HarvestReporter, runHarvest, splitCatalog } from "./harvest.ts";
import { type PrivatePostgres, startPrivatePostgres } from "@metabuild/db/testing";

const SHOP = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL, email TEXT);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  total DECIMAL(10,2)
);
CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders,
  line_no INTEGER NOT NULL,
  qty INTEGER,
  PRIMARY KEY (order_id, line_no)
);
CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
`;

function sqliteShop(): string {
  const file = join(mkdtempSync(join(tmpdir(), "harvest-")), "shop.db");
  const db = new Database(file);
  db.exec(SHOP);
  db.close();
  return file;
}

function recorder() {
  const events: string[] = [];
  const parts: Catalog[] = [];
  const report: HarvestReporter = {
    started: () => events.push("started"),
    log: (line) => events.push(`log:${line}`),
    catalog: (part, data) => {
      events.push(`part:${part}`);
      parts.push(data);
    },
    finished: (status, message, n) =>
      events.push(`${status}${message ? `:${message}` : ""}${n !== undefined ? `:${n}` : ""}`),
  };
  return { events, parts, report };
}

describe("splitCatalog", () => {
  it("keeps every part under the byte budget and the rows in order", () => {
    const columns = Array.from({ length: 500 }, (_, i) => ({
      schema: null,
      table: "t",
      name: `column_${i}`,
      position: i + 1,
      type: "TEXT",
      length: null,
      nullable: true,
      comment: "x".repeat(100),
    }));
    const catalog: Catalog = {
      tables: [{ schema: null, name: "t", type: "TABLE", comment: null }],
      columns,
      keys: [],
      foreign_keys: [],
    };
    const parts = splitCatalog(catalog, 8 * 1024);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts)
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThan(9 * 1024);
    expect(parts.flatMap((p) => p.columns)).toEqual(columns);
    expect(parts.flatMap((p) => p.tables)).toEqual(catalog.tables);
  });

  it("sends an empty source as one empty part", () => {
    expect(splitCatalog({ tables: [], columns: [], keys: [], foreign_keys: [] })).toHaveLength(1);
  });
});

describe("SQLite catalog reader", () => {
  it("reads tables, views, columns with type, length and nullability, and keys", async () => {
    const catalog = await readSqliteCatalog(sqliteShop());
    expect(catalog.tables.map((t) => `${t.name}:${t.type}`)).toEqual([
      "big_orders:VIEW",
      "customers:TABLE",
      "order_lines:TABLE",
      "orders:TABLE",
    ]);
    expect(catalog.tables.every((t) => t.comment === null)).toBe(true);
    const customers = catalog.columns.filter((c) => c.table === "customers");
    expect(customers).toEqual([
      {
        schema: null,
        table: "customers",
        name: "id",
        position: 1,
        type: "INTEGER",
        length: null,
        scale: null,
        nullable: false,
        comment: null,
      },
      {
        schema: null,
        table: "customers",
        name: "name",
        position: 2,
        type: "VARCHAR(80)",
        length: 80,
        scale: null,
        nullable: false,
        comment: null,
      },
      {
        schema: null,
        table: "customers",
        name: "email",
        position: 3,
        type: "TEXT",
        length: null,
        scale: null,
        nullable: true,
        comment: null,
      },
    ]);
    // Issue 27: DECIMAL(10,2) keeps its scale, so DDL can be generated from the catalog.
    expect(catalog.columns.find((c) => c.name === "total")).toMatchObject({ length: 10, scale: 2 });
    expect(catalog.keys.filter((k) => k.table === "order_lines")).toEqual([
      { schema: null, table: "order_lines", name: null, column: "order_id", position: 1 },
      { schema: null, table: "order_lines", name: null, column: "line_no", position: 2 },
    ]);
    // `REFERENCES orders` without a column resolves to the referenced primary key.
    expect(catalog.foreign_keys).toEqual([
      expect.objectContaining({
        table: "order_lines",
        column: "order_id",
        referenced_table: "orders",
        referenced_column: "id",
      }),
      expect.objectContaining({
        table: "orders",
        column: "customer_id",
        referenced_table: "customers",
        referenced_column: "id",
      }),
    ]);
  });

  it("refuses a missing file without naming its path, and never creates it", async () => {
    await expect(readSqliteCatalog("/nonexistent/erp.db")).rejects.toThrow(
      "The SQLite file of the source does not exist",
    );
    expect(existsSync("/nonexistent/erp.db")).toBe(false);
  });
});

describe("runHarvest", () => {
  const config = (file: string): AgentConfig => ({
    directoryRoot: tmpdir(),
    databases: new Map(),
    sources: new Map([["shop", { kind: "sqlite", file }]]),
    reconnect: { minMs: 100, maxMs: 100 },
  });

  it("reads the named source and sends its catalog in parts, then SUCCEEDED with the count", async () => {
    const { events, parts, report } = recorder();
    const status = await runHarvest(
      { type: "harvest", run_id: 4, source: "shop" },
      config(sqliteShop()),
      report,
      undefined,
      1024,
    );
    expect(status).toBe("SUCCEEDED");
    expect(parts.length).toBeGreaterThan(1);
    expect(events[0]).toBe("started");
    expect(events.at(-1)).toBe(`SUCCEEDED:${parts.length}`);
    expect(parts.flatMap((p) => p.tables)).toHaveLength(4);
    expect(parts.flatMap((p) => p.columns)).toHaveLength(12);
  });

  it("names the source in its log, never the file's place on the agent's host", async () => {
    const { events, report } = recorder();
    const file = sqliteShop();
    await runHarvest({ type: "harvest", run_id: 6, source: "shop" }, config(file), report);
    expect(events).toContain("log:Harvesting source 'shop' (SQLite)");
    const missing = recorder();
    const status = await runHarvest(
      { type: "harvest", run_id: 7, source: "shop" },
      config("/nonexistent/erp.db"),
      missing.report,
    );
    expect(status).toBe("FAILED");
    expect(missing.events.at(-1)).toBe("FAILED:The SQLite file of source 'shop' does not exist");
    for (const line of [...events, ...missing.events]) {
      expect(line).not.toContain(file);
      expect(line).not.toContain("/nonexistent");
    }
  });

  it("fails with the reason for a source agent.yaml does not name", async () => {
    const { events, report } = recorder();
    const status = await runHarvest(
      { type: "harvest", run_id: 5, source: "crm" },
      config(sqliteShop()),
      report,
    );
    expect(status).toBe("FAILED");
    expect(events.at(-1)).toBe(
      "FAILED:This agent has no source 'crm' in its configuration (sources: shop)",
    );
  });
});

describe("PostgreSQL catalog reader (a private cluster)", () => {
  let cluster: PrivatePostgres;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(`
      CREATE SCHEMA erp;
      CREATE TABLE erp.customers (id integer PRIMARY KEY, name varchar(80) NOT NULL, credit numeric(12,2));
      COMMENT ON TABLE erp.customers IS 'Who buys';
      COMMENT ON COLUMN erp.customers.name IS 'Legal name';
      CREATE TABLE erp.orders (
        region char(2), id integer, customer_id integer NOT NULL REFERENCES erp.customers(id),
        CONSTRAINT orders_pk PRIMARY KEY (region, id));
      ALTER TABLE erp.orders DROP COLUMN region CASCADE;
      ALTER TABLE erp.orders ADD PRIMARY KEY (id);
      CREATE VIEW erp.recent AS SELECT id FROM erp.orders;
      CREATE TABLE public.other (x text);
    `);
    await client.end();
  }, 60_000);
  afterAll(() => cluster?.stop());

  it("reads tables, views, comments, columns, primary and foreign keys of the named schemas", async () => {
    const catalog = await readPostgresCatalog(cluster.url, ["erp"]);
    expect(catalog.tables).toEqual([
      { schema: "erp", name: "customers", type: "TABLE", comment: "Who buys" },
      { schema: "erp", name: "orders", type: "TABLE", comment: null },
      { schema: "erp", name: "recent", type: "VIEW", comment: null },
    ]);
    expect(catalog.columns.filter((c) => c.table === "customers")).toEqual([
      {
        schema: "erp",
        table: "customers",
        name: "id",
        position: 1,
        type: "integer",
        length: null,
        scale: null,
        nullable: false,
        comment: null,
      },
      {
        schema: "erp",
        table: "customers",
        name: "name",
        position: 2,
        type: "character varying",
        length: 80,
        scale: null,
        nullable: false,
        comment: "Legal name",
      },
      {
        schema: "erp",
        table: "customers",
        name: "credit",
        position: 3,
        type: "numeric",
        length: 12,
        scale: 2,
        nullable: true,
        comment: null,
      },
    ]);
    // A dropped column leaves no gap in the positions.
    expect(
      catalog.columns.filter((c) => c.table === "orders").map((c) => [c.name, c.position]),
    ).toEqual([
      ["id", 1],
      ["customer_id", 2],
    ]);
    expect(catalog.keys).toEqual([
      { schema: "erp", table: "customers", name: "customers_pkey", column: "id", position: 1 },
      { schema: "erp", table: "orders", name: "orders_pkey", column: "id", position: 1 },
    ]);
    expect(catalog.foreign_keys).toEqual([
      {
        schema: "erp",
        table: "orders",
        name: "orders_customer_id_fkey",
        column: "customer_id",
        position: 1,
        referenced_schema: "erp",
        referenced_table: "customers",
        referenced_column: "id",
      },
    ]);
  });

  it("reads every schema but PostgreSQL's own when none are named", async () => {
    const catalog = await readPostgresCatalog(cluster.url, undefined);
    expect(catalog.tables.map((t) => `${t.schema}.${t.name}`)).toEqual([
      "erp.customers",
      "erp.orders",
      "erp.recent",
      "public.other",
    ]);
  });

  it("harvests it through runHarvest without the password reaching the log", async () => {
    const { events, parts, report } = recorder();
    const url = cluster.url.replace("postgres@", "postgres:s3cret@");
    const status = await runHarvest(
      { type: "harvest", run_id: 9, source: "erp" },
      {
        directoryRoot: tmpdir(),
        databases: new Map(),
        sources: new Map([["erp", { kind: "postgres", url, schemas: ["erp"] }]]),
        reconnect: { minMs: 100, maxMs: 100 },
      },
      report,
    );
    expect(status).toBe("SUCCEEDED");
    expect(parts[0].tables).toHaveLength(3);
    expect(events.join("\n")).not.toContain("s3cret");
  });
});
