import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { queryFileDatabase } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { createDemoErpIfMissing } from "./demo-erp.ts";

describe("the demo ERP source", () => {
  it("is created from demo/erp/erp.sql with a dozen tables linked by keys, once", () => {
    const file = join(mkdtempSync(join(tmpdir(), "demo-erp-")), "agent", "demo-erp.db");
    expect(createDemoErpIfMissing(file)).toBe(true);
    expect(createDemoErpIfMissing(file)).toBe(false);
    const tables = queryFileDatabase(
      file,
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
    ).map((r) => r.name);
    expect(tables).toEqual([
      "customer_addresses",
      "customers",
      "employees",
      "invoices",
      "order_lines",
      "orders",
      "payments",
      "product_categories",
      "products",
      "stock_levels",
      "suppliers",
      "warehouses",
    ]);
    const [fks] = queryFileDatabase(
      file,
      "SELECT COUNT(*) AS n FROM sqlite_schema s, pragma_foreign_key_list(s.name) WHERE s.type = 'table'",
    );
    expect(fks.n).toBeGreaterThanOrEqual(12);
    expect(queryFileDatabase(file, "PRAGMA foreign_key_check")).toEqual([]);
  });
});
