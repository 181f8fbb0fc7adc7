import { describe, expect, it } from "vitest";
import { generatePlan, probeStatement } from "./generate-statement.ts";

describe("generate instances: statements", () => {
  it("probes a view or a typed SELECT for its columns", () => {
    expect(probeStatement({ kind: "view", view: 'my "v"' })).toBe(
      'SELECT * FROM (SELECT * FROM @TABLES."my ""v""") AS src LIMIT 0',
    );
    expect(probeStatement({ kind: "select", select: " SELECT 1 AS x;; \n" })).toBe(
      "SELECT * FROM (SELECT 1 AS x) AS src LIMIT 0",
    );
  });

  it("inserts the columns the source and pattern share, in the pattern's spelling", () => {
    const plan = generatePlan(
      "STG",
      ["COLUMN_NAME", "DATA_TYPE", "BK"],
      { kind: "view", view: "GEN" },
      ["@folder", "@INSTANCE", "column_name", "DATA_TYPE", "EXTRA"],
    );
    expect(plan.used).toEqual(["@INSTANCE", "@FOLDER", "COLUMN_NAME", "DATA_TYPE"]);
    expect(plan.missing).toEqual(["BK"]);
    expect(plan.ignored).toEqual(["EXTRA"]);
    expect(plan.statement).toBe(
      'INSERT INTO @INSTANCES."STG" ("@INSTANCE", "@FOLDER", "COLUMN_NAME", "DATA_TYPE")\n' +
        'SELECT src."@INSTANCE", src."@folder", src."column_name", src."DATA_TYPE"\n' +
        'FROM (SELECT * FROM @TABLES."GEN") AS src',
    );
  });

  it("has no statement when the source yields no @INSTANCE", () => {
    const plan = generatePlan("STG", ["A"], { kind: "select", select: "SELECT 1 AS A" }, ["A"]);
    expect(plan.statement).toBeUndefined();
    expect(plan.used).toEqual(["A"]);
  });
});
