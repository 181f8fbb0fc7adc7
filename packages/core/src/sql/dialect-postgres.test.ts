import { describe, expect, it } from "vitest";
import type { Catalog, CatalogSource, SchemaName } from "./catalog.ts";
import { POSTGRES, numberParams } from "./dialect-postgres.ts";
import { parseScript } from "./parser.ts";
import { SqlError } from "./sql-error.ts";
import { translate } from "./translate.ts";

/** One pattern (HUB) and one custom table (T), as in translate.test.ts. */
const catalog: Catalog = {
  source(schema: SchemaName, name: string) {
    const src = (sql: string, columns: [string, string][], params: number[]): CatalogSource => ({
      schema,
      name: name.toUpperCase(),
      columns: columns.map(([n, type]) => ({ name: n, type })),
      sql,
      params,
    });
    if (schema === "INSTANCES" && name.toUpperCase() === "HUB")
      return src(
        "SELECT <hub> WHERE p = ?",
        [
          ["NAME", "string"],
          ["LEN", "integer"],
        ],
        [7],
      );
    if (schema === "TABLES" && name.toUpperCase() === "T")
      return src("SELECT <t> WHERE t = ?", [["A", "string"]], [3]);
    return undefined;
  },
};

function pg(text: string) {
  const t = translate(parseScript(text)[0].statement, catalog, { dialect: POSTGRES });
  if (t.kind !== "select") throw new Error(t.kind);
  return t.query;
}

function refusal(text: string): string {
  try {
    pg(text);
  } catch (e) {
    if (e instanceof SqlError) return e.message;
    throw e;
  }
  throw new Error(`translated: ${text}`);
}

describe("metadata dialect on PostgreSQL: the emitted SQL", () => {
  it("numbers parameters in order, past quoted names and strings holding '?'", () => {
    expect(numberParams(`SELECT ? AS "a?b", '?' , ? FROM x WHERE "?" = ?`)).toBe(
      `SELECT $1 AS "a?b", '?' , $2 FROM x WHERE "?" = $3`,
    );
    const q = pg("SELECT NAME AS \"why?\" FROM @INSTANCES.HUB WHERE NAME = 'a?'");
    expect(q.sql).toContain('$1) AS "hub"');
    expect(q.sql).toContain('(CAST($2 AS text) COLLATE "C")');
    expect(q.params).toEqual([7, "a?"]);
  });

  it("renames a catalog source's columns by position, folded, and maps result names back", () => {
    const q = pg("SELECT name, Len AS Size FROM @INSTANCES.hub");
    expect(q.sql).toContain('AS "hub"("name", "len")');
    expect(q.names?.name).toBe("NAME");
    expect(q.names?.size).toBe("Size");
  });

  it("keeps long result names apart within PostgreSQL's 63 bytes", () => {
    const long = `'${"x".repeat(70)}'`;
    const q = pg(`SELECT ${long}, ${long} || 'y'`);
    const names = Object.entries(q.names ?? {}).filter(([k]) => k.startsWith("name_"));
    expect(names.map(([, v]) => v)).toEqual([long, `${long} || 'y'`]);
  });

  it("sorts NULLs first ascending and last descending, as SQLite does", () => {
    expect(pg("SELECT NAME FROM @INSTANCES.HUB ORDER BY NAME, LEN DESC").sql).toContain(
      'ORDER BY "name" NULLS FIRST, "len" DESC NULLS LAST',
    );
  });

  it("writes OFFSET without LIMIT, RECURSIVE always and an alias for a bare subquery", () => {
    expect(pg("SELECT 1 AS x LIMIT 2 OFFSET 1").sql).toBe('SELECT 1 AS "x" LIMIT 2 OFFSET 1');
    expect(pg("SELECT * FROM (SELECT 1)").sql).toBe('SELECT * FROM (SELECT 1 AS "1") AS "sub_1"');
    expect(pg("WITH a AS (SELECT 1) SELECT * FROM a").sql).toMatch(/^WITH RECURSIVE "cte_1"/);
  });

  it("turns conditions into 1/0 as values and values into conditions", () => {
    expect(pg("SELECT 1 = 1 WHERE 1").sql).toBe(
      'SELECT CAST((1 = 1) AS integer) AS "1 = 1" WHERE metabuild_sql.truth(1)',
    );
  });

  it("routes division, concatenation and LIKE through SQLite's rules", () => {
    const q = pg("SELECT LEN / 2, NAME || LEN FROM @INSTANCES.HUB WHERE NAME LIKE 'a%'");
    expect(q.sql).toContain('metabuild_sql.div("len", 2)');
    expect(q.sql).toContain('(metabuild_sql.txt("name") || metabuild_sql.txt("len"))');
    expect(q.sql).toContain('metabuild_sql.lower(metabuild_sql.txt("name")) LIKE');
    expect(q.sql).toContain("ESCAPE ''");
  });

  it("writes SQLite's real literals as reals and hex as decimal", () => {
    expect(pg("SELECT 1e3, 7., 0x1F, 2.5").sql).toBe(
      'SELECT 1000.0 AS "1e3", 7.0 AS "7.", 31 AS "0x1f", 2.5 AS "2.5"',
    );
  });

  it.each([
    [
      "SELECT NAME FROM @INSTANCES.HUB WHERE NAME GLOB 'a*'",
      "GLOB is not supported on PostgreSQL; use LIKE",
    ],
    [
      "SELECT NAME COLLATE RTRIM FROM @INSTANCES.HUB",
      "COLLATE RTRIM is not supported on PostgreSQL; compare lower(…) values instead",
    ],
    [
      "SELECT json('{}')",
      "Function 'json' is not supported on PostgreSQL; JSON functions run on SQLite only",
    ],
    [
      "SELECT '{}' ->> 'a'",
      "The JSON operator '->>' is not supported on PostgreSQL; JSON functions run on SQLite only",
    ],
    [
      "SELECT unhex('41')",
      "Function 'unhex' is not supported on PostgreSQL; it answers binary values",
    ],
    [
      "SELECT julianday('now')",
      "Function 'julianday' is not supported on PostgreSQL; use unixepoch()",
    ],
    [
      "SELECT datetime('now', 'localtime')",
      "datetime() with modifiers is not supported on PostgreSQL; call datetime() with one time value only",
    ],
    [
      "SELECT timediff('2024-01-01', '2023-01-01')",
      "Function 'timediff' is not supported on PostgreSQL",
    ],
  ])("refuses %s, naming the construct", (statement, message) => {
    expect(refusal(statement)).toBe(message);
  });

  it("refuses what SQLite refuses, with the same message", () => {
    expect(refusal("SELECT load_extension('x')")).toBe(
      "Function 'load_extension' is not allowed (line 1, column 8)",
    );
  });
});

describe("metadata dialect on PostgreSQL: what SQLite types per value", () => {
  it("puts text that is no number above every number against a numeric column", () => {
    expect(
      pg("SELECT NAME FROM @INSTANCES.HUB WHERE LEN = 'ten' OR LEN IN (1, 'x')").sql,
    ).toContain(`("len" = CAST('Infinity' AS numeric))`);
    // A number's text is still that number; a text column keeps the text.
    const q = pg("SELECT NAME FROM @INSTANCES.HUB WHERE LEN = '20' AND NAME = 'ten'");
    expect(q.sql).toContain(`("len" = 20)`);
    expect(q.params).toContain("ten");
  });

  it("carries a VALUES column of text and numbers as JSON, other columns as they are", () => {
    expect(pg("VALUES ('a', '1'), ('b', 2)").sql).toBe(
      `VALUES ((CAST($1 AS text) COLLATE "C"), to_json((CAST($2 AS text) COLLATE "C"))), ((CAST($3 AS text) COLLATE "C"), to_json(2))`,
    );
  });

  it("refuses a join of more than 64 tables as SQLite does, views flattened", () => {
    const tables = (n: number) => Array.from({ length: n }, (_, k) => `@TABLES.T t${k}`).join(", ");
    expect(() => pg(`SELECT 1 FROM ${tables(64)}`)).not.toThrow();
    expect(refusal(`SELECT 1 FROM ${tables(65)}`)).toBe("at most 64 tables in a join");
    const views: Catalog = {
      source(schema, name) {
        if (schema === "TABLES" && name.toUpperCase() === "G")
          return { kind: "view", schema, name, definition: "SELECT A FROM @TABLES.V5 GROUP BY A" };
        const m = /^V(\d)$/i.exec(name);
        if (schema !== "TABLES" || !m) return catalog.source(schema, name);
        const below = Number(m[1]) === 0 ? "@TABLES.T" : `@TABLES.V${Number(m[1]) - 1}`;
        return { kind: "view", schema, name, definition: `SELECT a.A FROM ${below} a, ${below} b` };
      },
    };
    const run = (text: string) =>
      translate(parseScript(text)[0].statement, views, { dialect: POSTGRES });
    // V5 joins 2^6 = 64 uses of T, V6 128; a grouping view is not flattened: it counts one.
    expect(() => run("SELECT * FROM @TABLES.V5")).not.toThrow();
    expect(() => run("SELECT * FROM @TABLES.V6")).toThrow("at most 64 tables in a join");
    expect(() => run("SELECT 1 FROM @TABLES.V5 a, @TABLES.T b")).toThrow("at most 64 tables");
    expect(() => run("SELECT 1 FROM @TABLES.G a, @TABLES.G b")).not.toThrow();
  });

  it("writes json_extract with one path through metabuild_sql and refuses several", () => {
    expect(pg("SELECT json_extract(NAME, '$.a') FROM @INSTANCES.HUB").sql).toContain(
      "metabuild_sql.json_extract(metabuild_sql.txt(",
    );
    expect(refusal("SELECT json_extract('{}', '$.a', '$.b')")).toBe(
      "json_extract() with several paths is not supported on PostgreSQL; extract one path at a time",
    );
  });
});
