import { describe, expect, it } from "vitest";
import { type Select, statementTypeOfText } from "./ast.ts";
import { ScriptError, parseScript } from "./parser.ts";

function parseError(text: string): ScriptError {
  try {
    parseScript(text);
  } catch (e) {
    if (e instanceof ScriptError) return e;
    throw e;
  }
  throw new Error(`parsed: ${text}`);
}

function firstTable(text: string) {
  const s = parseScript(text)[0].statement as Select;
  if (s.first.kind !== "core" || !s.first.from) throw new Error("no FROM");
  const item = s.first.from.first;
  if (item.kind !== "table") throw new Error("not a table");
  return item;
}

describe("metadata dialect parser: statements", () => {
  it("reads @ names unquoted, quoted and in any case as the same two-part name", () => {
    for (const text of [
      "SELECT * FROM @INSTANCES.HUB",
      'SELECT * FROM "@INSTANCES"."HUB"',
      "SELECT * FROM @instances.hub",
      "SELECT * FROM [@INSTANCES].`HUB`",
    ]) {
      const item = firstTable(text);
      expect(item.table.schema?.toUpperCase()).toBe("@INSTANCES");
      expect(item.table.name.toUpperCase()).toBe("HUB");
    }
  });

  it("keeps joins and aliases when @ names are unquoted (where node-sql-parser loses tables)", () => {
    const s = parseScript(
      "SELECT h.NAME, t.A FROM @INSTANCES.HUB h JOIN @TABLES.T AS t ON t.A = h.NAME",
    )[0].statement as Select;
    if (s.first.kind !== "core") throw new Error("core expected");
    const from = s.first.from;
    expect(from?.first).toMatchObject({ kind: "table", alias: "h" });
    expect(from?.rest[0]).toMatchObject({
      type: "INNER",
      item: { kind: "table", alias: "t", table: { schema: "@TABLES", name: "T" } },
    });
  });

  it("splits a script on ';' and keeps each statement's own text", () => {
    const stmts = parseScript(
      "CREATE TABLE @TABLES.T (A TEXT);\n INSERT INTO @TABLES.T VALUES ('a;b');; SELECT * FROM @TABLES.T;",
    );
    expect(stmts.map((s) => [s.stmtNo, s.statement.kind, s.text])).toEqual([
      [1, "create_table", "CREATE TABLE @TABLES.T (A TEXT)"],
      [2, "insert", "INSERT INTO @TABLES.T VALUES ('a;b')"],
      [3, "select", "SELECT * FROM @TABLES.T"],
    ]);
  });

  it("parses the SELECT features of the dialect", () => {
    const text = `
      WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3)
      SELECT DISTINCT h."@FOLDER", count(*) AS rows_, max(LEN) FILTER (WHERE LEN > 0),
             row_number() OVER (PARTITION BY "@FOLDER" ORDER BY "@INSTANCE" DESC NULLS LAST),
             CASE WHEN LEN BETWEEN 1 AND 10 THEN 'small' ELSE 'big' END,
             CAST(LEN AS INTEGER), NAME || '_x' COLLATE NOCASE,
             NAME NOT LIKE 'A%' ESCAPE '\\', NAME IS NOT DISTINCT FROM TYPE, NAME ISNULL
      FROM @INSTANCES.HUB h LEFT OUTER JOIN (SELECT * FROM @TABLES.T) t USING (NAME)
      WHERE "@INSTANCE" IN (SELECT n FROM r) AND NOT EXISTS (SELECT 1 FROM @TABLES.T) AND (1, 2) = (1, 2)
      GROUP BY 1 HAVING count(*) > 1
      UNION ALL VALUES (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
      ORDER BY 2 DESC LIMIT 10 OFFSET 5`;
    const [stmt] = parseScript(text);
    expect(stmt.statement.kind).toBe("select");
    const s = stmt.statement as Select;
    expect(s.with?.recursive).toBe(true);
    expect(s.compounds[0].op).toBe("UNION ALL");
    expect(s.orderBy[0].desc).toBe(true);
  });

  it("takes SQLite's LIMIT offset, count", () => {
    const s = parseScript("SELECT 1 LIMIT 5, 10")[0].statement as Select;
    expect(s.limit).toMatchObject({ kind: "literal", value: 10 });
    expect(s.offset).toMatchObject({ kind: "literal", value: 5 });
  });

  it("names unnamed result columns by their text as typed", () => {
    const s = parseScript("SELECT count( * ), NAME AS n FROM @INSTANCES.HUB")[0]
      .statement as Select;
    if (s.first.kind !== "core") throw new Error("core expected");
    expect(s.first.columns).toMatchObject([
      { kind: "expr", text: "count( * )" },
      { kind: "expr", alias: "n" },
    ]);
  });

  it("parses the writes: INSERT, UPDATE, DELETE, CREATE TABLE, DROP TABLE", () => {
    const kinds = parseScript(`
      INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME) VALUES ('/a', 'b', 'c');
      INSERT INTO @TABLES.T SELECT NAME FROM @INSTANCES.HUB;
      UPDATE @TABLES.T AS t SET A = upper(A), B = 2 WHERE A IS NOT NULL;
      DELETE FROM @TABLES.T WHERE A = 'x';
      CREATE TABLE IF NOT EXISTS @TABLES.T2 (ID INTEGER, NAME VARCHAR(20), AMOUNT DECIMAL(10, 2));
      DROP TABLE IF EXISTS @TABLES.T2`).map((s) => s.statement.kind);
    expect(kinds).toEqual(["insert", "insert", "update", "delete", "create_table", "drop_table"]);
  });

  it("tells the result type from the first word even when the statement does not parse", () => {
    expect(statementTypeOfText("/* x */ -- y\n select from")).toBe("select_statement");
    expect(statementTypeOfText("PRAGMA x")).toBe("pragma_statement");
    expect(statementTypeOfText("create table")).toBe("create_table_statement");
    expect(statementTypeOfText("CREATE VIEW @TABLES.V AS SELEC 1")).toBe("create_view_statement");
    expect(statementTypeOfText("drop /* x */ view")).toBe("drop_view_statement");
  });
});

describe("metadata dialect parser: errors", () => {
  it("names the line and column of a syntax error and the statement it is in", () => {
    const e = parseError("SELECT 1;\nSELECT *\n  FORM @INSTANCES.HUB");
    expect(e.stmtNo).toBe(2);
    expect(e.message).toBe(
      "Syntax error: expected ';' or the end of the statement but found 'FORM' (line 3, column 3)",
    );
    expect(e.statementText).toBe("SELECT *\n  FORM @INSTANCES.HUB");
  });

  it("refuses statements outside the dialect by name", () => {
    for (const [text, word] of [
      ["PRAGMA table_info(users)", "PRAGMA"],
      ["ATTACH DATABASE '/tmp/x' AS x", "ATTACH"],
      ["VACUUM INTO '/tmp/x'", "VACUUM"],
      ["begin", "BEGIN"],
      ["EXPLAIN SELECT 1", "EXPLAIN"],
    ]) {
      expect(parseError(text).message).toContain(`${word} statements are not allowed`);
    }
    // CREATE VIEW is part of the dialect since issue 15 (docs/metadata-sql.md "Views").
    expect(parseError("CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; END").message).toContain(
      "CREATE TRIGGER is not allowed",
    );
    expect(parseError("CREATE VIEW v (a) AS SELECT 1").message).toContain(
      "a column list is not supported in CREATE VIEW",
    );
    expect(parseError("CREATE VIEW v AS DELETE FROM t").message).toContain("expected SELECT");
    expect(parseError("DROP INDEX i").message).toContain("DROP INDEX is not allowed");
  });

  it("refuses parameters, blobs, table-valued functions and invisible characters", () => {
    expect(parseError("SELECT * FROM @INSTANCES.HUB WHERE NAME = ?").message).toContain(
      "parameters",
    );
    expect(parseError("SELECT X'00'").message).toContain("blob literals");
    expect(parseError("SELECT * FROM pragma_table_info('users')").message).toContain(
      "table-valued functions",
    );
    expect(parseError("SELECT * FROM users\u200b").message).toContain("U+200B");
    expect(parseError('SELECT * FROM "a\u0000b"').message).toContain("control characters");
  });

  it("reports unclosed strings, names and comments where they start", () => {
    expect(parseError("SELECT 'abc").message).toContain("(line 1, column 8)");
    expect(parseError('SELECT "abc').message).toContain("not closed");
    expect(parseError("SELECT 1 /* open").message).toContain("comment");
  });

  it("refuses nesting deeper than its limit instead of overflowing the stack", () => {
    const deep = `SELECT ${"(".repeat(5000)}1${")".repeat(5000)}`;
    expect(parseError(deep).message).toContain("nests more than 100 levels");
    const subqueries = `SELECT ${"(SELECT ".repeat(300)}1${")".repeat(300)}`;
    expect(parseError(subqueries).message).toContain("nests more than");
    const chain = `SELECT ${Array.from({ length: 5000 }, () => "1").join(" + ")}`;
    expect(parseError(chain).message).toContain("nests too deeply");
    // The deepest the parser accepts still translates (the emitter recurses).
    const ok = `SELECT ${Array.from({ length: 150 }, () => "1").join(" + ")}`;
    expect(parseScript(ok)).toHaveLength(1);
  });

  it("refuses column constraints in CREATE TABLE", () => {
    expect(parseError("CREATE TABLE @TABLES.T (ID INTEGER PRIMARY KEY)").message).toContain(
      "column constraints (PRIMARY) are not supported",
    );
    expect(parseError("CREATE TABLE @TABLES.T (ID NOT NULL)").message).toContain("(NOT)");
  });

  it("refuses RETURNING, ON CONFLICT and INSERT OR REPLACE", () => {
    expect(parseError("DELETE FROM @TABLES.T RETURNING *").message).toContain("RETURNING");
    expect(parseError("INSERT OR REPLACE INTO @TABLES.T VALUES (1)").message).toContain(
      "INSERT OR",
    );
  });
});
