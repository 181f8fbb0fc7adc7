import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  createFileHarness,
  runSql,
  seedMetadata,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let bob: string;
let dwh: { project_id: number };
useMetadataApp((app) => {
  ({ h, seed, ann, bob, dwh } = app);
});

const sql = (statement: string, token = ann, project: object = dwh) =>
  runSql(h, token, statement, project);

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
      "@INFORMATION_SCHEMA.PATTERN_VARIABLES",
      "@INFORMATION_SCHEMA.TABLES",
    ]);
    expect(tables[1].columns.map((c) => c.name)).toContain("FROM_HUB");
  });
});

describe("metadata statements: errors", () => {
  it("answers 400 without a statement or project, 404 for an unknown project", async () => {
    for (const [body, message] of [
      [{ project_id: seed.dwh.id }, "A statement is required!"],
      [{ project_id: seed.dwh.id, statement: "  " }, "A statement is required!"],
      [{ project_id: seed.dwh.id, statement: "-- nothing\n;" }, "A statement is required!"],
      [{ statement: "SELECT 1" }, "A project id or name is required!"],
    ] as const) {
      const res = await h.call("/api/v1/metadata", ann, {
        method: "POST",
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const missing = await sql("SELECT 1", ann, { project: "NOPE" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("A project with the name 'NOPE' does not exist!");
    const bad = await sql("SELECT 1", ann, { project_id: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'project_id'");
  });

  it("answers a syntax error with 200, status ERROR and its position", async () => {
    const { status, body } = await sql("SELECT 1;\nSELECT NAME,\nFROM @INSTANCES.HUB");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ERROR",
      stmt_no: 2,
      type: "select_statement",
      sql: "SELECT NAME,\nFROM @INSTANCES.HUB",
      rows: [],
      metadata: [],
      error:
        "Syntax error: expected a value, name or expression but found 'FROM' (line 3, column 1)",
    });
  });

  it("names an unknown table or column", async () => {
    expect((await sql("SELECT * FROM @INSTANCES.SAT")).body.error).toBe(
      "Unknown table '@INSTANCES.SAT' (line 1, column 15)",
    );
    expect((await sql("SELECT h.COLOUR FROM @INSTANCES.HUB h")).body.error).toBe(
      "Unknown column 'h.COLOUR'",
    );
  });

  it("stops a runaway statement at the time limit and keeps serving", async () => {
    const slow = createFileHarness({ sqlTimeoutMs: 800 });
    try {
      const s = seedMetadata(slow.db, slow.services.instanceWriter);
      const token = await slow.token("ann@acme.test");
      const runaway = await runSql(
        slow,
        token,
        "SELECT 1; WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        { project_id: s.dwh.id },
      );
      expect(runaway.body).toMatchObject({
        status: "ERROR",
        stmt_no: 2,
        rows: [],
        error:
          "The statement ran longer than the time limit of 800 ms and was stopped; nothing was changed",
      });
      // Served by the replacement child, which starts when the old one is killed.
      const next = await runSql(slow, token, "SELECT 2 AS two", { project_id: s.dwh.id });
      expect(next.body.rows).toEqual([{ two: 2 }]);
    } finally {
      slow.dispose();
    }
  }, 120_000);

  it("cuts a result at the row limit and says so", async () => {
    const small = createFileHarness({ sqlMaxRows: 2 });
    try {
      const s = seedMetadata(small.db, small.services.instanceWriter);
      const token = await small.token("ann@acme.test");
      const { body } = await runSql(small, token, "SELECT NAME FROM @INSTANCES.HUB", {
        project_id: s.dwh.id,
      });
      expect(body.rows).toHaveLength(2);
      expect(body.truncated).toBe(true);
      const all = await runSql(small, token, "SELECT count(*) FROM @INSTANCES.HUB", {
        project_id: s.dwh.id,
      });
      expect(all.body.truncated).toBeUndefined();
    } finally {
      small.dispose();
    }
  });

  it("answers 405 for the operations api.md declares unimplemented", async () => {
    for (const [path, method, name] of [
      ["/api/v1/metadata", "GET", "find"],
      ["/api/v1/metadata/1", "GET", "get"],
      ["/api/v1/metadata", "PUT", "update"],
      ["/api/v1/metadata/1", "PUT", "update"],
    ]) {
      const res = await h.call(path, ann, { method });
      expect(res.status).toBe(405);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Method \`${name}\` is not supported by this endpoint.`,
      );
    }
  });
});

describe("metadata statements: security", () => {
  it("refuses a request without a token", async () => {
    const res = await h.call("/api/v1/metadata", undefined, {
      method: "POST",
      body: JSON.stringify({ project_id: seed.dwh.id, statement: "SELECT 1" }),
    });
    expect(res.status).toBe(401);
  });

  it("refuses a project without the access grant, and hides another customer's", async () => {
    const lake = await sql("SELECT 1", ann, { project_id: seed.lake.id });
    expect(lake.status).toBe(403);
    expect(lake.body.message).toBe("You don't have permissions to access this project!");
    const foreign = await sql("SELECT 1", ann, { project_id: seed.foreign.id });
    expect(foreign.status).toBe(404);
    const schemaRes = await h.call(
      `/api/console/metadata/schema?project_id=${seed.foreign.id}`,
      ann,
    );
    expect(schemaRes.status).toBe(404);
  });

  it("never shows another project's or customer's metadata, whatever it reads", async () => {
    const statements = [
      "SELECT * FROM @INSTANCES.HUB",
      "SELECT * FROM @INSTANCES.LINK",
      ...[
        "INSTANCES",
        "COLUMNS",
        "COMMITS",
        "DELIVERIES",
        "INSTANCE_LABELS",
        "PATTERN_VARIABLES",
        "TABLES",
      ].map((v) => `SELECT * FROM @INFORMATION_SCHEMA.${v}`),
    ];
    for (const statement of statements) {
      const { body } = await sql(statement);
      expect(body.status).toBe("FINISHED");
      expect(JSON.stringify(body.rows)).not.toContain("SECRET");
    }
    const counted = await sql(
      `SELECT count(*) AS n FROM @INSTANCES.HUB WHERE NAME LIKE '%SECRET%'`,
    );
    expect(counted.body.rows).toEqual([{ n: 0 }]);
  });

  it("shows each user only their own history", async () => {
    await sql("SELECT 'ann was here'");
    const res = await h.call("/api/console/metadata/history", bob);
    expect(await res.json()).toEqual([]);
  });
});
