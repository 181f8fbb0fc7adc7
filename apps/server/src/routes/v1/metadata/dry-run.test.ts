import type { MetadataResult } from "@metabuild/contract";
import { oneRow, schema } from "@metabuild/db";
import { sql as rawSql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let bob: string;
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, ann, bob, sql } = app);
});

async function dryRun(statement: string, token = ann, extra: Record<string, unknown> = {}) {
  const res = await h.call("/api/v1/metadata", token, {
    method: "POST",
    body: JSON.stringify({ project_id: seed.dwh.id, statement, dry_run: true, ...extra }),
  });
  return {
    status: res.status,
    body: (await res.json()) as MetadataResult & { message?: string; plan?: unknown },
  };
}

/** Everything a write could leave behind. */
async function storeCounts() {
  const count = async (table: string) =>
    (
      await oneRow<{ n: number }>(
        h.db,
        rawSql.raw(`SELECT CAST(count(*) AS integer) AS n FROM ${table}`),
      )
    )?.n;
  const tables = [
    "instances",
    "instance_rows",
    "instance_folders",
    "commits",
    "audit_events",
    "custom_tables",
  ];
  const counts: [string, number | undefined][] = [];
  for (const t of tables) counts.push([t, await count(t)]);
  return Object.fromEntries(counts);
}

const PLAN_INSERT = `
  INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME, LEN, TYPE, BK) VALUES
    ('/core', 'customer', 'ID', 10, 'int', 'X'),
    ('/core', 'customer', 'FULL_NAME', 200, 'text', NULL),
    ('/core', 'order', 'ID', 10, 'int', 'X'),
    ('/brand/new', 'thing', 'CODE', 3, 'text', 'X'),
    ('/brand/new', 'thing', 'LABEL', 30, 'text', NULL)`;

describe("dry-run INSERT: happy path", () => {
  it("answers the plan per instance with totals and writes nothing, not even folders", async () => {
    const before = await storeCounts();
    const { status, body } = await dryRun(PLAN_INSERT);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "FINISHED", type: "insert_statement" });
    expect(body.rows).toEqual([
      {
        instance_id: seed.customer.id,
        "@FOLDER": "/core",
        "@INSTANCE": "customer",
        status: "UNCHANGED",
        version: 2,
        rows: 2,
      },
      {
        instance_id: seed.order.id,
        "@FOLDER": "/core",
        "@INSTANCE": "order",
        status: "UPDATED",
        version: 2,
        rows: 1,
      },
      {
        instance_id: null,
        "@FOLDER": "/brand/new",
        "@INSTANCE": "thing",
        status: "INSERTED",
        version: 1,
        rows: 2,
      },
    ]);
    expect(body.plan).toEqual({ create: 1, change: 1, leave: 1, rows: 5 });
    expect(await storeCounts()).toEqual(before);
    const folders = await h.db.select().from(schema.instanceFolders);
    expect(folders.map((f) => f.path)).not.toContain("/brand/new");
  });

  it("plans from a view, and the real INSERT then does what the plan said", async () => {
    await sql(
      `CREATE VIEW @TABLES.Gen AS SELECT '/gen' AS "@FOLDER", "@INSTANCE" || '_copy' AS "@INSTANCE", NAME, LEN FROM @INSTANCES.HUB WHERE "@DELETED" = 0 AND "@FOLDER" <> '/gen'`,
    );
    const insert = `INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME, LEN) SELECT * FROM @TABLES.Gen`;
    const plan = await dryRun(insert);
    expect(plan.body.plan).toEqual({ create: 3, change: 0, leave: 0, rows: 6 });
    const real = await sql(insert);
    expect(real.body.rows.map((r) => [r["@INSTANCE"], r.status])).toEqual(
      plan.body.rows.map((r) => [r["@INSTANCE"], r.status]),
    );
    const again = await dryRun(insert);
    expect(again.body.plan).toEqual({ create: 0, change: 0, leave: 3, rows: 6 });
  });

  it("answers the same refusal a real INSERT would, and still writes nothing", async () => {
    const before = await storeCounts();
    const { body } = await dryRun(`INSERT INTO @INSTANCES.HUB (NAME) VALUES ('x')`);
    expect(body).toMatchObject({
      status: "ERROR",
      error: "INSERT into @INSTANCES.HUB needs the @INSTANCE column",
    });
    expect(await storeCounts()).toEqual(before);
  });
});

describe("dry-run INSERT: errors", () => {
  it("refuses a dry run of any other write with 400 naming dry_run", async () => {
    for (const statement of [
      "CREATE TABLE @TABLES.T (A TEXT)",
      "INSERT INTO @TABLES.T VALUES ('x')",
      `SELECT 1; ${PLAN_INSERT}; DROP TABLE IF EXISTS @TABLES.T`,
      "SELECT 1",
    ]) {
      const { status, body } = await dryRun(statement);
      expect(status, statement).toBe(400);
      expect(body.message, statement).toMatch(/^Invalid value for 'dry_run': /);
    }
  });

  it("refuses a dry_run that is not a boolean", async () => {
    const { status, body } = await dryRun(PLAN_INSERT, ann, { dry_run: "yes" });
    expect(status).toBe(400);
    expect(body.message).toContain("dry_run");
  });
});

describe("dry-run INSERT: security", () => {
  it("needs write_instances like the real INSERT", async () => {
    const { status, body } = await dryRun(PLAN_INSERT, bob);
    expect(status).toBe(403);
    expect(body.message).toBe("You don't have permissions to write instances in this project!");
  });

  it("needs a token, and never plans in another customer's project", async () => {
    const res = await h.app.request("/api/v1/metadata", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ project_id: seed.dwh.id, statement: PLAN_INSERT, dry_run: true }),
    });
    expect(res.status).toBe(401);
    const foreign = await dryRun(PLAN_INSERT, ann, { project_id: seed.foreign.id });
    expect([403, 404]).toContain(foreign.status);
  });
});
