import { describe, expect, it } from "vitest";
import type { Catalog, CatalogSource, SchemaName } from "./catalog.ts";
import { parseScript } from "./parser.ts";
import { SqlError } from "./sql-error.ts";
import { type Translation, translate } from "./translate.ts";

/** A catalog with one pattern (HUB), one custom table (T) and one view. */
const catalog: Catalog = {
  source(schema: SchemaName, name: string, options) {
    const upper = name.toUpperCase();
    const src = (sql: string, columns: string[], params: (string | number)[]): CatalogSource => ({
      schema,
      name: upper,
      columns: columns.map((c) => ({ name: c, type: "string" })),
      sql,
      params,
    });
    if (schema === "INSTANCES" && upper === "HUB")
      return src("SELECT <hub> WHERE project = ?", ["@FOLDER", "@INSTANCE", "NAME"], [7]);
    if (schema === "TABLES" && upper === "T")
      return options?.rowId
        ? src("SELECT <t with ids> WHERE t = ?", ["@ROWID", "A", "B"], [3])
        : src("SELECT <t> WHERE t = ?", ["A", "B"], [3]);
    if (schema === "INFORMATION_SCHEMA" && upper === "TABLES")
      return src("SELECT <tables>", ["TABLE_NAME"], []);
    if (schema === "TABLES" && upper === "V")
      return {
        kind: "view",
        schema,
        name: "V",
        definition: "SELECT A FROM @TABLES.T WHERE B = 'b'",
      };
    return undefined;
  },
};

function tr(text: string): Translation {
  return translate(parseScript(text)[0].statement, catalog);
}

function sqlOf(text: string): { sql: string; params: unknown[] } {
  const t = tr(text);
  if (t.kind !== "select") throw new Error(t.kind);
  return t.query;
}

function refusal(text: string): string {
  try {
    tr(text);
  } catch (e) {
    if (e instanceof SqlError) return e.message;
    throw e;
  }
  throw new Error(`translated: ${text}`);
}

describe("metadata dialect translation: SELECT", () => {
  it("replaces each table by the catalog's confined source, with its parameters in order", () => {
    const q = sqlOf(
      "SELECT h.NAME, t.A FROM @INSTANCES.HUB h JOIN @TABLES.T t ON t.A = h.NAME WHERE h.NAME = 'x'",
    );
    expect(q.sql).toBe(
      'SELECT "h"."NAME", "t"."A" FROM (SELECT <hub> WHERE project = ?) AS "h" JOIN (SELECT <t> WHERE t = ?) AS "t" ON ("t"."A" = "h"."NAME") WHERE ("h"."NAME" = ?)',
    );
    expect(q.params).toEqual([7, 3, "x"]);
  });

  it("passes no text through: strings are parameters, names are quoted", () => {
    const q = sqlOf(`SELECT 'a''b', "we""ird" FROM @INSTANCES.HUB AS "x y"`);
    expect(q.sql).toBe(
      `SELECT ? AS "'a''b'", "we""ird" FROM (SELECT <hub> WHERE project = ?) AS "x y"`,
    );
    expect(q.params).toEqual(["a'b", 7]);
  });

  it("keeps ORDER BY and GROUP BY positions as numbers", () => {
    expect(
      sqlOf("SELECT NAME, count(*) FROM @INSTANCES.HUB GROUP BY 1 ORDER BY 2 DESC").sql,
    ).toContain("GROUP BY 1 ORDER BY 2 DESC");
  });

  it("resolves @INSTANCES.HUB.col and @INSTANCES.HUB.* to the FROM item's alias", () => {
    const q = sqlOf("SELECT @INSTANCES.HUB.NAME, @instances.hub.* FROM @INSTANCES.HUB AS h");
    expect(q.sql.startsWith('SELECT "h"."NAME", "h".* FROM')).toBe(true);
  });

  it("renames WITH queries and scopes them to their statement", () => {
    const q = sqlOf(
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r",
    );
    expect(q.sql).toBe(
      'WITH RECURSIVE "cte_1"("n") AS (SELECT 1 AS "1" UNION ALL SELECT ("n" + 1) AS "n + 1" FROM "cte_1" AS "r" WHERE ("n" < 3)) SELECT * FROM "cte_1" AS "r"',
    );
    expect(refusal("SELECT * FROM (WITH r AS (SELECT 1) SELECT * FROM r), r")).toContain(
      "Unknown table 'r'",
    );
  });

  it("never lets a WITH query stand in for a store table", () => {
    // The user's `users` becomes cte_1: the store's users table cannot be named.
    const q = sqlOf("WITH users AS (SELECT 1 AS a) SELECT * FROM users");
    expect(q.sql).toBe('WITH "cte_1" AS (SELECT 1 AS "a") SELECT * FROM "cte_1" AS "users"');
  });

  it("names unknown tables and schemas with where tables come from", () => {
    expect(refusal("SELECT * FROM users")).toBe(
      "Unknown table 'users'; tables are @INSTANCES.<pattern>, @TABLES.<table>, @INFORMATION_SCHEMA.<view> or a WITH query (line 1, column 15)",
    );
    expect(refusal("SELECT * FROM @INSTANCES.NOPE")).toBe(
      "Unknown table '@INSTANCES.NOPE' (line 1, column 15)",
    );
    expect(refusal("SELECT * FROM main.users")).toContain("Unknown schema 'main'");
    expect(refusal('SELECT "main"."users"."email" FROM @INSTANCES.HUB')).toContain(
      "Unknown schema 'main'",
    );
  });

  it("allows the usual functions and refuses the rest by name", () => {
    expect(
      sqlOf("SELECT upper(NAME), coalesce(NAME, 'x'), date('now') FROM @INSTANCES.HUB").sql,
    ).toContain('upper("NAME")');
    for (const f of [
      "load_extension('x')",
      "sqlite_version()",
      "readfile('/etc/passwd')",
      "zeroblob(9)",
      "printf('%d', 1)",
      "fts3_tokenizer('x')",
    ])
      expect(refusal(`SELECT ${f}`)).toMatch(/^Function '.+' is not allowed/);
    expect(refusal("SELECT upper(DISTINCT NAME) FROM @INSTANCES.HUB")).toContain(
      "not an aggregate",
    );
    expect(refusal("SELECT row_number() FROM @INSTANCES.HUB")).toContain("OVER");
  });

  it("allows only the plain CAST types and collations", () => {
    expect(sqlOf("SELECT CAST(NAME AS VARCHAR(10)) FROM @INSTANCES.HUB").sql).toContain("AS TEXT)");
    expect(refusal("SELECT CAST(1 AS BLOB)")).toContain("CAST to 'BLOB' is not supported");
    expect(refusal("SELECT 'a' COLLATE evil")).toContain("Collation 'evil' is not supported");
  });
});

describe("metadata dialect translation: writes", () => {
  it("turns INSERT into the rows to write and the target's column names", () => {
    const t = tr(`INSERT INTO @INSTANCES.hub ("@instance", name) VALUES ('a', 'b'), ('c', 'd')`);
    expect(t).toMatchObject({
      kind: "insert",
      target: { schema: "INSTANCES", name: "HUB" },
      columns: ["@INSTANCE", "NAME"],
      rows: { sql: "VALUES (?, ?), (?, ?)", params: ["a", "b", "c", "d"] },
    });
  });

  it("checks INSERT columns and widths before anything runs", () => {
    expect(refusal("INSERT INTO @TABLES.T (A, C) VALUES (1, 2)")).toContain(
      "Unknown column 'C' in @TABLES.T",
    );
    expect(refusal("INSERT INTO @TABLES.T (A, B) VALUES (1)")).toContain("gives 1 values per row");
    expect(refusal("INSERT INTO @TABLES.T (A, a) VALUES (1, 2)")).toContain("listed twice");
    expect(refusal("INSERT INTO @INFORMATION_SCHEMA.TABLES VALUES (1)")).toContain(
      "writes to @INSTANCES or @TABLES only",
    );
  });

  it("turns UPDATE and DELETE into a SELECT of row ids over the target", () => {
    expect(tr("UPDATE @TABLES.T SET B = A || 'x' WHERE A = 'y'")).toMatchObject({
      kind: "update",
      columns: ["B"],
      rows: {
        sql: 'SELECT "T"."@ROWID", ("A" || ?) FROM (SELECT <t with ids> WHERE t = ?) AS "T" WHERE ("A" = ?)',
        params: ["x", 3, "y"],
      },
    });
    expect(tr("DELETE FROM @TABLES.T AS t")).toMatchObject({
      kind: "delete",
      rows: { sql: 'SELECT "t"."@ROWID" FROM (SELECT <t with ids> WHERE t = ?) AS "t"' },
    });
  });

  it("refuses UPDATE and DELETE on @INSTANCES with what to do instead", () => {
    expect(refusal("UPDATE @INSTANCES.HUB SET NAME = 'x'")).toContain(
      "INSERT an instance's rows again to replace them",
    );
    expect(refusal("DELETE FROM @INSTANCES.HUB")).toContain("writes to @TABLES only");
    expect(refusal('UPDATE @TABLES.T SET "@ROWID" = 1')).toContain("Unknown column '@ROWID'");
  });

  it("checks CREATE TABLE names and types", () => {
    expect(tr("CREATE TABLE @TABLES.Codes (ID INT, LABEL, AMOUNT DECIMAL(9,2))")).toEqual({
      kind: "create_table",
      name: "Codes",
      ifNotExists: false,
      columns: [
        { name: "ID", datatype: "integer" },
        { name: "LABEL", datatype: "string" },
        { name: "AMOUNT", datatype: "number" },
      ],
    });
    expect(refusal("CREATE TABLE users (a)")).toContain("works in @TABLES only");
    expect(refusal('CREATE TABLE @TABLES."x; DROP TABLE users" (a)')).toContain(
      "not a valid table name",
    );
    expect(refusal("CREATE TABLE @TABLES.X (a BLOB)")).toContain("type 'BLOB' is not supported");
    expect(refusal("CREATE TABLE @TABLES.X (a, A)")).toContain("defined twice");
  });
});

describe("metadata dialect translation: views", () => {
  it("emits a view once, as a WITH query before the statement's own, however often it is used", () => {
    expect(sqlOf("WITH x AS (SELECT 1) SELECT * FROM @TABLES.V a, @TABLES.v b, x")).toEqual({
      sql: 'WITH "view_1" AS (SELECT "A" FROM (SELECT <t> WHERE t = ?) AS "T" WHERE ("B" = ?)), "cte_1" AS (SELECT 1 AS "1") SELECT * FROM (SELECT * FROM "view_1") AS "a", (SELECT * FROM "view_1") AS "b", "cte_1" AS "x"',
      params: [3, "b"],
    });
  });

  it("refuses writes to a view", () => {
    expect(refusal("DELETE FROM @TABLES.V")).toContain("'@TABLES.V' is a view");
  });
});
