import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

// Errors and security of the same endpoint: metadata-errors.test.ts, metadata-security.test.ts.

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, ann, sql } = app);
});

describe("metadata statements: happy path", () => {
  it("selects a pattern's metadata rows with the system columns, then properties and roles", async () => {
    const { status, body } = await sql(
      `SELECT * FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'customer' ORDER BY "@POS_NO"`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      user_id: seed.ann.id,
      type: "select_statement",
      sql: `SELECT * FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'customer' ORDER BY "@POS_NO"`,
      stmt_no: 1,
      status: "FINISHED",
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof body.start_time).toBe("number");
    expect(typeof body.runtime).toBe("number");
    expect(body.error).toBeUndefined();
    expect(body.metadata.map((c: { name: string }) => c.name)).toEqual([
      "@PATTERN",
      "@FOLDER",
      "@INSTANCE",
      "@RELEASE",
      "@POS_NO",
      "@DELETED",
      "NAME",
      "LEN",
      "TYPE",
      "BK",
      "SRC",
    ]);
    expect(body.metadata[4]).toEqual({ name: "@POS_NO", type: "integer", pos_no: 4 });
    expect(body.rows).toEqual([
      {
        "@PATTERN": "HUB",
        "@FOLDER": "/core",
        "@INSTANCE": "customer",
        "@RELEASE": "R1",
        "@POS_NO": 1,
        "@DELETED": 0,
        NAME: "ID",
        LEN: 10,
        TYPE: "int",
        BK: "X",
        SRC: null,
      },
      {
        "@PATTERN": "HUB",
        "@FOLDER": "/core",
        "@INSTANCE": "customer",
        "@RELEASE": "R1",
        "@POS_NO": 2,
        "@DELETED": 0,
        NAME: "FULL_NAME",
        LEN: 200,
        TYPE: "text",
        BK: null,
        SRC: null,
      },
    ]);
  });

  it("takes @ names quoted or unquoted and names in any case", async () => {
    const { body } = await sql(
      `SELECT "@instance", name FROM "@INSTANCES"."hub" h WHERE h."@FOLDER" = '/sales' AND @instances.HUB.len > 11`,
    );
    expect(body.rows).toEqual([{ "@INSTANCE": "invoice", NAME: "NO" }]);
  });

  it("aggregates, joins, filters with subqueries, and runs CTEs and window functions", async () => {
    const { body } = await sql(`
      WITH sizes AS (
        SELECT "@INSTANCE" AS inst, sum(LEN) AS total, count(*) AS n
        FROM @INSTANCES.HUB GROUP BY "@INSTANCE"
      )
      SELECT l.FROM_HUB, s.total, s.n,
             rank() OVER (ORDER BY s.total DESC) AS place,
             (SELECT count(*) FROM @INSTANCES.HUB h WHERE h."@INSTANCE" = l.TO_HUB) AS to_rows
      FROM @INSTANCES.LINK l JOIN sizes s ON s.inst = l.FROM_HUB
      WHERE l.TO_HUB IN (SELECT "@INSTANCE" FROM @INSTANCES.HUB)`);
    expect(body.status).toBe("FINISHED");
    expect(body.rows).toEqual([{ FROM_HUB: "customer", total: 210, n: 2, place: 1, to_rows: 3 }]);
    expect(body.metadata.map((c: { type: string }) => c.type)).toEqual([
      "string",
      "integer",
      "integer",
      "integer",
      "integer",
    ]);
  });

  it("types a result column by all its values, and a column of nulls by its declared type", async () => {
    const { body } = await sql(
      "SELECT CHECKED_OUT_BY_USER_ID, CHECKED_OUT_AT, VERSION, VERSION / 2.0 AS HALF FROM @INFORMATION_SCHEMA.INSTANCES ORDER BY INSTANCE_ID",
    );
    expect(body.metadata).toEqual([
      { name: "CHECKED_OUT_BY_USER_ID", type: "integer", pos_no: 0 },
      { name: "CHECKED_OUT_AT", type: "string", pos_no: 1 },
      { name: "VERSION", type: "integer", pos_no: 2 },
      { name: "HALF", type: "number", pos_no: 3 },
    ]);
  });

  it("INSTANCES view: the project's instances with version, release and flags", async () => {
    const { body } = await sql(
      "SELECT PATTERN, FOLDER, INSTANCE, RELEASE, VERSION, INVALID, DELETED FROM @INFORMATION_SCHEMA.INSTANCES ORDER BY INSTANCE_ID",
    );
    expect(body.rows).toEqual([
      {
        PATTERN: "HUB",
        FOLDER: "/core",
        INSTANCE: "customer",
        RELEASE: "R1",
        VERSION: 2,
        INVALID: 0,
        DELETED: 0,
      },
      {
        PATTERN: "HUB",
        FOLDER: "/core",
        INSTANCE: "order",
        RELEASE: null,
        VERSION: 1,
        INVALID: 0,
        DELETED: 0,
      },
      {
        PATTERN: "HUB",
        FOLDER: "/sales",
        INSTANCE: "invoice",
        RELEASE: null,
        VERSION: 1,
        INVALID: 0,
        DELETED: 0,
      },
      {
        PATTERN: "LINK",
        FOLDER: "/core",
        INSTANCE: "customer_order",
        RELEASE: null,
        VERSION: 1,
        INVALID: 0,
        DELETED: 0,
      },
    ]);
  });

  it("COLUMNS view: system columns, properties and roles in order, with types", async () => {
    const { body } = await sql(
      "SELECT COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_KIND, REQUIRED FROM @INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = '@INSTANCES' AND TABLE_NAME = 'HUB' AND ORDINAL_POSITION > 5",
    );
    expect(body.rows).toEqual([
      {
        COLUMN_NAME: "@DELETED",
        ORDINAL_POSITION: 6,
        DATA_TYPE: "integer",
        COLUMN_KIND: "system",
        REQUIRED: 0,
      },
      {
        COLUMN_NAME: "NAME",
        ORDINAL_POSITION: 7,
        DATA_TYPE: "string",
        COLUMN_KIND: "property",
        REQUIRED: 1,
      },
      {
        COLUMN_NAME: "LEN",
        ORDINAL_POSITION: 8,
        DATA_TYPE: "integer",
        COLUMN_KIND: "property",
        REQUIRED: 0,
      },
      {
        COLUMN_NAME: "TYPE",
        ORDINAL_POSITION: 9,
        DATA_TYPE: "string",
        COLUMN_KIND: "property",
        REQUIRED: 0,
      },
      {
        COLUMN_NAME: "BK",
        ORDINAL_POSITION: 10,
        DATA_TYPE: "string",
        COLUMN_KIND: "role",
        REQUIRED: 0,
      },
      {
        COLUMN_NAME: "SRC",
        ORDINAL_POSITION: 11,
        DATA_TYPE: "string",
        COLUMN_KIND: "role",
        REQUIRED: 0,
      },
    ]);
  });

  it("COMMITS view: every version with its source and the rows before and after", async () => {
    const { body } = await sql(
      "SELECT INSTANCE, VERSION, SOURCE, BEFORE IS NULL AS first, json_extract(AFTER, '$.rows[1].LEN') AS len FROM @INFORMATION_SCHEMA.COMMITS WHERE INSTANCE = 'customer' ORDER BY VERSION",
    );
    expect(body.rows).toEqual([
      { INSTANCE: "customer", VERSION: 1, SOURCE: "import", first: 1, len: "100" },
      { INSTANCE: "customer", VERSION: 2, SOURCE: "import", first: 0, len: "200" },
    ]);
  });

  it("DELIVERIES, INSTANCE_LABELS, PATTERN_VARIABLES and TABLES views", async () => {
    const deliveries = await sql(
      "SELECT BUILD_ID, BUILD_STATUS, INSTANCE, VERSION FROM @INFORMATION_SCHEMA.DELIVERIES",
    );
    expect(deliveries.body.rows).toEqual([
      { BUILD_ID: seed.dwhBuild.id, BUILD_STATUS: "FINISHED", INSTANCE: "customer", VERSION: 2 },
    ]);
    const labels = await sql("SELECT INSTANCE, LABEL FROM @INFORMATION_SCHEMA.INSTANCE_LABELS");
    expect(labels.body.rows).toEqual([{ INSTANCE: "customer", LABEL: "gold" }]);
    const vars = await sql(
      "SELECT PATTERN, NAME, LEVEL, VALUE FROM @INFORMATION_SCHEMA.PATTERN_VARIABLES ORDER BY LEVEL",
    );
    expect(vars.body.rows).toEqual([
      { PATTERN: "HUB", NAME: "SCHEMA", LEVEL: "default", VALUE: "dbo" },
      { PATTERN: "HUB", NAME: "SCHEMA", LEVEL: "project", VALUE: "dwh" },
    ]);
    const tables = await sql(
      "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM @INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA <> '@INFORMATION_SCHEMA'",
    );
    expect(tables.body.rows).toEqual([
      { TABLE_SCHEMA: "@INSTANCES", TABLE_NAME: "HUB", TABLE_TYPE: "VIEW" },
      { TABLE_SCHEMA: "@INSTANCES", TABLE_NAME: "LINK", TABLE_TYPE: "VIEW" },
    ]);
  });

  it("keeps each execution in the caller's history, newest first", async () => {
    await sql("SELECT 1");
    await sql("SELECT nope FROM @INSTANCES.HUB");
    const res = await h.call(`/api/console/metadata/history?project_id=${seed.dwh.id}`, ann);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list.map((e) => [e.statement, e.status, e.row_count])).toEqual([
      ["SELECT nope FROM @INSTANCES.HUB", "ERROR", 0],
      ["SELECT 1", "FINISHED", 1],
    ]);
    expect(list[0]).toMatchObject({ project_id: seed.dwh.id, type: "select_statement" });
    expect(list[0].error).toContain("Unknown column 'nope'");
  });

  it("lists tables, views and columns of the project for the editor", async () => {
    const res = await h.call(`/api/console/metadata/schema?project_id=${seed.dwh.id}`, ann);
    expect(res.status).toBe(200);
    const { tables } = (await res.json()) as {
      tables: { schema: string; name: string; columns: { name: string }[] }[];
    };
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([
      "@INSTANCES.HUB",
      "@INSTANCES.LINK",
      "@INFORMATION_SCHEMA.INSTANCES",
      "@INFORMATION_SCHEMA.COLUMNS",
      "@INFORMATION_SCHEMA.COMMITS",
      "@INFORMATION_SCHEMA.DELIVERIES",
      "@INFORMATION_SCHEMA.INSTANCE_LABELS",
      "@INFORMATION_SCHEMA.LINEAGE",
      "@INFORMATION_SCHEMA.PATTERN_VARIABLES",
      "@INFORMATION_SCHEMA.TABLES",
    ]);
    expect(tables[1].columns.map((c) => c.name)).toContain("FROM_HUB");
  });
});
