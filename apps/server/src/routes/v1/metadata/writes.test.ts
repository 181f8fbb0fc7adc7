import { schema, setCheckout, updateInstance } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let bob: string;
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, bob, sql } = app);
});

describe("metadata writes: happy path", () => {
  it("creates, fills, changes, reads and drops a custom table, one statement kind at a time", async () => {
    const create = await sql("CREATE TABLE @TABLES.Codes (CODE TEXT, RANK INTEGER)");
    expect(create.body).toMatchObject({
      type: "create_table_statement",
      status: "FINISHED",
      rows: [],
    });
    const insert = await sql(
      "INSERT INTO @TABLES.codes VALUES ('a', '1'), ('b', 2); INSERT INTO @TABLES.CODES (CODE) SELECT DISTINCT TYPE FROM @INSTANCES.HUB WHERE TYPE = 'int'",
    );
    expect(insert.body).toMatchObject({
      type: "insert_statement",
      stmt_no: 2,
      rows: [{ affected_rows: 1 }],
    });
    const update = await sql("UPDATE @TABLES.Codes SET RANK = RANK * 10 WHERE RANK IS NOT NULL");
    expect(update.body).toMatchObject({ type: "update_statement", rows: [{ affected_rows: 2 }] });
    const del = await sql("DELETE FROM @TABLES.Codes WHERE CODE = 'b'");
    expect(del.body).toMatchObject({ type: "delete_statement", rows: [{ affected_rows: 1 }] });
    const select = await sql("SELECT * FROM @TABLES.Codes ORDER BY CODE");
    expect(select.body.rows).toEqual([
      { CODE: "a", RANK: 10 },
      { CODE: "int", RANK: null },
    ]);
    expect(select.body.metadata).toEqual([
      { name: "CODE", type: "string", pos_no: 0 },
      { name: "RANK", type: "integer", pos_no: 1 },
    ]);
    const drop = await sql("DROP TABLE @TABLES.Codes; DROP TABLE IF EXISTS @TABLES.Codes");
    expect(drop.body).toMatchObject({
      type: "drop_table_statement",
      status: "FINISHED",
      stmt_no: 2,
    });
    expect((await sql("SELECT * FROM @TABLES.Codes")).body.error).toContain("Unknown table");
  });

  it("takes a WITH clause before INSERT, as SQLite does; before UPDATE/DELETE it says to use a subquery", async () => {
    const { body } = await sql(`
      CREATE TABLE @TABLES.Sizes (INST TEXT, TOTAL INTEGER);
      WITH s AS (SELECT "@INSTANCE" AS i, sum(LEN) AS t FROM @INSTANCES.HUB GROUP BY 1)
      INSERT INTO @TABLES.Sizes SELECT i, t FROM s;
      WITH one(n) AS (VALUES (1)) INSERT INTO @TABLES.Sizes (INST, TOTAL) WITH two AS (SELECT n + 1 AS m FROM one) SELECT 'two', m FROM two;
      SELECT * FROM @TABLES.Sizes ORDER BY INST`);
    expect(body).toMatchObject({ status: "FINISHED", stmt_no: 4 });
    expect(body.rows).toEqual([
      { INST: "customer", TOTAL: 210 },
      { INST: "invoice", TOTAL: 12 },
      { INST: "order", TOTAL: 29 },
      { INST: "two", TOTAL: 2 },
    ]);
    const update = await sql("WITH x AS (SELECT 1) UPDATE @TABLES.Sizes SET TOTAL = 0");
    expect(update.body.status).toBe("ERROR");
    expect(update.body.error).toContain("WITH … UPDATE is not supported");
  });

  it("INSERT into @INSTANCES creates or replaces one instance per @FOLDER/@INSTANCE, as a new version", async () => {
    const { body } = await sql(`
      INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", "@POS_NO", NAME, LEN, BK) VALUES
        ('/core', 'customer', 2, 'EMAIL', 255, NULL),
        ('/core', 'customer', 1, 'ID', 10, 'X'),
        ('/new', 'thing', 1, 'CODE', 3, 'X')`);
    expect(body).toMatchObject({ status: "FINISHED", type: "insert_statement" });
    expect(body.rows).toEqual([
      {
        instance_id: seed.customer.id,
        "@FOLDER": "/core",
        "@INSTANCE": "customer",
        status: "UPDATED",
        version: 3,
      },
      {
        instance_id: expect.any(Number),
        "@FOLDER": "/new",
        "@INSTANCE": "thing",
        status: "INSERTED",
        version: 1,
      },
    ]);
    const rows = await sql(
      `SELECT "@POS_NO", NAME, LEN, BK FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'customer' ORDER BY 1`,
    );
    expect(rows.body.rows).toEqual([
      { "@POS_NO": 1, NAME: "ID", LEN: 10, BK: "X" },
      { "@POS_NO": 2, NAME: "EMAIL", LEN: 255, BK: null },
    ]);
    const commits = await sql(
      "SELECT SOURCE, USER_ID FROM @INFORMATION_SCHEMA.COMMITS WHERE INSTANCE = 'customer' AND VERSION = 3",
    );
    expect(commits.body.rows).toEqual([{ SOURCE: "sql", USER_ID: seed.ann.id }]);
    // The same rows again change nothing.
    const again = await sql(
      `INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME, LEN, BK) SELECT "@FOLDER", "@INSTANCE", NAME, LEN, BK FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'thing'`,
    );
    expect(again.body.rows[0]).toMatchObject({ status: "UNCHANGED", version: 1 });
  });

  it("INSERT into @INSTANCES numbers the rows 1…n in @POS_NO order, leaving no gaps (docs/metadata-sql.md)", async () => {
    // Gaps as a filtering INSERT … SELECT leaves them, and a row given no @POS_NO.
    await sql(`
      INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", "@POS_NO", NAME, LEN, BK) VALUES
        ('/new', 'gappy', 30, 'C', 3, NULL),
        ('/new', 'gappy', 10, 'A', 1, 'X'),
        ('/new', 'gappy', 20, 'B', 2, NULL),
        ('/new', 'gappy', NULL, 'Z', 0, NULL)`);
    const stored = async () =>
      (
        await sql(
          `SELECT "@POS_NO", NAME FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'gappy' ORDER BY 1`,
        )
      ).body.rows;
    expect(await stored()).toEqual([
      { "@POS_NO": 1, NAME: "Z" },
      { "@POS_NO": 2, NAME: "A" },
      { "@POS_NO": 3, NAME: "B" },
      { "@POS_NO": 4, NAME: "C" },
    ]);
    // Dropping a row by INSERT … SELECT closes the gap it would leave.
    await sql(`
      INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", "@POS_NO", NAME, LEN, BK)
      SELECT "@FOLDER", "@INSTANCE", "@POS_NO", NAME, LEN, BK FROM @INSTANCES.HUB
      WHERE "@INSTANCE" = 'gappy' AND NAME <> 'A'`);
    expect(await stored()).toEqual([
      { "@POS_NO": 1, NAME: "Z" },
      { "@POS_NO": 2, NAME: "B" },
      { "@POS_NO": 3, NAME: "C" },
    ]);
  });

  it("runs a script in one transaction and answers with the last statement's result", async () => {
    const { body } = await sql(`
      CREATE TABLE @TABLES.T (A TEXT);
      INSERT INTO @TABLES.T VALUES ('x');
      SELECT count(*) AS n FROM @TABLES.T;`);
    expect(body).toMatchObject({
      stmt_no: 3,
      sql: "SELECT count(*) AS n FROM @TABLES.T",
      status: "FINISHED",
      rows: [{ n: 1 }],
    });
  });
});

describe("metadata writes: errors", () => {
  it("rolls back every statement when one fails and reports the failing one", async () => {
    const { body } = await sql(`
      CREATE TABLE @TABLES.T (A TEXT);
      INSERT INTO @INSTANCES.HUB ("@INSTANCE", NAME) VALUES ('rolled_back', 'X');
      INSERT INTO @TABLES.T SELECT COLOUR FROM @INSTANCES.HUB;
      SELECT 1`);
    expect(body).toMatchObject({
      status: "ERROR",
      stmt_no: 3,
      type: "insert_statement",
      error: "Unknown column 'COLOUR'",
    });
    expect((await sql("SELECT * FROM @TABLES.T")).body.error).toContain(
      "Unknown table '@TABLES.T'",
    );
    const inst = await sql(
      `SELECT count(*) AS n FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'rolled_back'`,
    );
    expect(inst.body.rows).toEqual([{ n: 0 }]);
  });

  it("refuses instance rows that break the instance's own rules, with the reason", async () => {
    const noName = await sql(`INSERT INTO @INSTANCES.HUB (NAME) VALUES ('x')`);
    expect(noName.body.error).toBe("INSERT into @INSTANCES.HUB needs the @INSTANCE column");
    const release = await sql(
      `INSERT INTO @INSTANCES.HUB ("@INSTANCE", "@RELEASE", NAME) VALUES ('x', 'R9', 'a')`,
    );
    expect(release.body.error).toBe("Release 'R9' does not exist in release group 'core'");
    const width = await sql(
      `INSERT INTO @INSTANCES.HUB ("@INSTANCE", NAME) SELECT * FROM @INSTANCES.LINK`,
    );
    expect(width.body.error).toContain("names 2 columns but the query gives 8 values per row");
  });
});

describe("metadata writes: security", () => {
  it("refuses any write to a reader with 403 and runs nothing", async () => {
    for (const statement of [
      `INSERT INTO @INSTANCES.HUB ("@INSTANCE", NAME) VALUES ('x', 'y')`,
      "CREATE TABLE @TABLES.T (A TEXT)",
      "SELECT 1; DROP TABLE IF EXISTS @TABLES.T",
    ]) {
      const { status, body } = await sql(statement, bob);
      expect(status).toBe(403);
      expect(body.message).toBe("You don't have permissions to write instances in this project!");
    }
    expect((await sql("SELECT count(*) AS n FROM @INSTANCES.HUB", bob)).body.rows).toEqual([
      { n: 6 },
    ]);
  });

  it("refuses an INSERT into an insert-disabled instance, naming it, and changes nothing", async () => {
    await updateInstance(h.db, seed.customer.id, { insertDisabled: 1 });
    const { body } = await sql(`
      CREATE TABLE @TABLES.T (A TEXT);
      INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME) VALUES ('/core', 'customer', 'X')`);
    expect(body).toMatchObject({
      status: "ERROR",
      stmt_no: 2,
      error: "Instance '/core/customer' is insert-disabled",
    });
    expect((await sql("SELECT * FROM @TABLES.T")).body.status).toBe("ERROR");
  });

  it("refuses an INSERT into an instance another user has checked out, naming the holder", async () => {
    await setCheckout(h.db, seed.customer.id, {
      userId: seed.bob.id,
      at: h.clock.now().toISOString(),
    });
    const { body } = await sql(
      `INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME) VALUES ('/core', 'customer', 'X')`,
    );
    expect(body.error).toBe("Instance '/core/customer' is checked out by bob@acme.test");
    // The holder may write.
    await h.db
      .insert(schema.grants)
      .values({ userId: seed.bob.id, projectId: seed.dwh.id, permission: "write_instances" });
    const own = await sql(
      `INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME) VALUES ('/core', 'customer', 'X')`,
      bob,
    );
    expect(own.body.rows[0]).toMatchObject({ status: "UPDATED" });
  });
});
