import { describe, expect, it } from "vitest";
import type { Catalog } from "./catalog.ts";
import { parseScript } from "./parser.ts";
import { translate } from "./translate.ts";
import { expandedSize } from "./view-size.ts";

/** FU0 = two rows; FU<n> reads FU<n-1> eight times (issue 28's nest). */
function nest(levels: number): Catalog {
  const definition = (n: number) =>
    n === 0
      ? "SELECT 1 AS a UNION ALL SELECT 2"
      : Array(8)
          .fill(`SELECT a FROM @TABLES.FU${n - 1}`)
          .join(" UNION ALL ");
  return {
    source(schema, name) {
      const m = /^FU(\d+)$/i.exec(name);
      if (schema !== "TABLES" || !m || Number(m[1]) > levels) return undefined;
      return { kind: "view", schema, name: `FU${m[1]}`, definition: definition(Number(m[1])) };
    },
  };
}

const statement = (text: string) => parseScript(text)[0].statement;

describe('a statement\'s expanded size (docs/metadata-sql.md "Views")', () => {
  it("counts each reference to a view as the view's own expansion", () => {
    const sizes = (levels: number) =>
      expandedSize(statement(`SELECT * FROM @TABLES.FU${levels}`), nest(levels)).views;
    // FU0: two SELECTs; FU<n>: eight SELECTs each reading FU<n-1>.
    expect(sizes(3).get("@TABLES.FU0")).toBe(2);
    expect(sizes(3).get("@TABLES.FU1")).toBe(24);
    expect(sizes(3).get("@TABLES.FU3")).toBe(1608);
  });

  it("counts WITH queries at each reference, and plain tables once", () => {
    const { total } = expandedSize(
      statement("WITH c AS (SELECT 1 UNION ALL SELECT 2) SELECT * FROM c, c, @TABLES.T"),
      nest(0),
    );
    // c itself (2), the outer SELECT (1), two references to c (2 + 2), T (1).
    expect(total).toBe(8);
  });

  it("refuses CREATE VIEW past the bound, naming the view and the limit", () => {
    const create = (n: number) =>
      translate(
        statement(
          `CREATE VIEW @TABLES.FU${n} AS ${Array(8)
            .fill(`SELECT a FROM @TABLES.FU${n - 1}`)
            .join(" UNION ALL ")}`,
        ),
        nest(n - 1),
        { viewMaxExpanded: 10_000 },
      );
    expect(create(3).kind).toBe("create_view");
    expect(() => create(4)).toThrow(
      "View '@TABLES.FU4' expands to 12872 tables and queries, more than the limit of 10000 (METABUILD_SQL_VIEW_MAX_EXPANDED)",
    );
  });

  it("refuses a statement over a stored view past the bound, naming the view", () => {
    expect(() =>
      translate(statement("SELECT count(*) FROM @TABLES.FU6"), nest(6), {
        viewMaxExpanded: 10_000,
      }),
    ).toThrow(
      /^View '@TABLES.FU6' expands to \d+ tables and queries, more than the limit of 10000/,
    );
  });
});
