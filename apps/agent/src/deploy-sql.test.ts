import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { deploySql, sqlScripts } from "./deploy-sql.ts";

const file = (path: string, text: string) => ({ path, data: Buffer.from(text) });

describe("sql deployment on SQLite", () => {
  it("runs the .sql files in path order and ignores the others", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "agent-sql-")), "t.db");
    const lines: string[] = [];
    await deploySql(
      [
        file("b/2.sql", "INSERT INTO t VALUES ('second');"),
        file("manifest.json", "{}"),
        file("a/1.sql", "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('first');"),
      ],
      { kind: "sqlite", file: db },
      (l) => lines.push(l),
    );
    const rows = new Database(db).prepare("SELECT v FROM t ORDER BY rowid").all();
    expect(rows).toEqual([{ v: "first" }, { v: "second" }]);
    expect(lines).toContain("Running a/1.sql");
  });

  it("rolls everything back when one file fails, naming it", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "agent-sql-")), "t.db");
    const files = [
      file("1.sql", "CREATE TABLE t (v TEXT);"),
      file("2.sql", "INSERT INTO nope VALUES (1);"),
    ];
    await expect(deploySql(files, { kind: "sqlite", file: db }, () => {})).rejects.toThrow(
      /^2\.sql: no such table: nope/,
    );
    const tables = new Database(db).prepare("SELECT name FROM sqlite_master").all();
    expect(tables).toEqual([]);
  });

  it("orders paths by code unit, not by locale", () => {
    const order = sqlScripts([file("b.sql", ""), file("B.sql", ""), file("a/z.SQL", "")]).map(
      (s) => s.path,
    );
    expect(order).toEqual(["B.sql", "a/z.SQL", "b.sql"]);
  });
});
