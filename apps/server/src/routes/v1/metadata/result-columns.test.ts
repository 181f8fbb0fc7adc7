import { describe, expect, it } from "vitest";
import { type MetadataApp, useMetadataApp } from "../../../testing/metadata-fixture.ts";

// What a SQL user sees of a SELECT's columns (docs/reference/rules.md §8, docs/reference/endpoints.md result).

let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ sql } = app);
});

describe("metadata statements: result columns", () => {
  it("keeps every column when two have the same name (the second is NAME:1, as SQLite names them)", async () => {
    const { body } = await sql(`
      SELECT h.NAME, o.NAME, 3 AS NAME
      FROM @INSTANCES.HUB h JOIN @INSTANCES.HUB o ON o."@POS_NO" = h."@POS_NO"
      WHERE h."@INSTANCE" = 'customer' AND o."@INSTANCE" = 'order' AND h."@POS_NO" = 2`);
    expect(body.status).toBe("FINISHED");
    expect(body.metadata).toEqual([
      { name: "NAME", type: "string", pos_no: 0 },
      { name: "NAME:1", type: "string", pos_no: 1 },
      { name: "NAME:2", type: "integer", pos_no: 2 },
    ]);
    expect(body.rows).toEqual([{ NAME: "FULL_NAME", "NAME:1": "CUSTOMER_ID", "NAME:2": 3 }]);
  });

  it("does not give a renamed column a name the query already uses", async () => {
    const { body } = await sql(`SELECT 1 AS "a:1", 2 AS a, 3 AS a`);
    expect(body.metadata.map((c: { name: string }) => c.name)).toEqual(["a:1", "a", "a:2"]);
    expect(body.rows).toEqual([{ "a:1": 1, a: 2, "a:2": 3 }]);
  });
});

describe("metadata statements: text literals against numeric columns", () => {
  it("compares '200' with an integer property as the number, as a column of INTEGER affinity would", async () => {
    const names = async (where: string) => {
      const { body } = await sql(
        `SELECT NAME FROM @INSTANCES.HUB h WHERE "@INSTANCE" = 'customer' AND ${where} ORDER BY NAME`,
      );
      expect(body.status).toBe("FINISHED");
      return body.rows.map((r) => String(r.NAME));
    };
    expect(await names("LEN = '200'")).toEqual(["FULL_NAME"]);
    expect(await names("h.LEN = ' 200 '")).toEqual(["FULL_NAME"]);
    expect(await names("'10' = @INSTANCES.HUB.LEN")).toEqual(["ID"]);
    expect(await names("LEN IN ('10', '200')")).toEqual(["FULL_NAME", "ID"]);
    expect(await names("LEN BETWEEN '150' AND '250'")).toEqual(["FULL_NAME"]);
    expect(await names("LEN > '9'")).toEqual(["FULL_NAME", "ID"]);
    // Text columns stay text, and text that is no number stays text.
    expect(await names("NAME = 'ID'")).toEqual(["ID"]);
    expect(await names("LEN = 'ten'")).toEqual([]);
  });

  it("does the same for an integer column of a custom table", async () => {
    await sql(`CREATE TABLE @TABLES.LIMITS (CODE TEXT, MAX_LEN INTEGER)`);
    await sql(`INSERT INTO @TABLES.LIMITS VALUES ('a', 10), ('b', 20)`);
    const { body } = await sql(`SELECT CODE FROM @TABLES.LIMITS WHERE MAX_LEN = '20'`);
    expect(body.rows).toEqual([{ CODE: "b" }]);
    const text = await sql(`SELECT CODE FROM @TABLES.LIMITS WHERE CODE = '20'`);
    expect(text.body.rows).toEqual([]);
  });
});
