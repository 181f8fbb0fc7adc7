import { describe, expect, it } from "vitest";
import { type MetadataApp, useMetadataApp } from "../../../testing/metadata-fixture.ts";

// What a SQL user sees of a SELECT's columns (product.md §8, api.md result).

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
