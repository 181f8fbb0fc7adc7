import { describe, expect, it } from "vitest";
import { loadTablePath, tableNameOf } from "./load-table.ts";

describe("tableNameOf", () => {
  it("makes a valid table name of a file name", () => {
    expect(tableNameOf("crm customers.csv")).toBe("crm_customers");
    expect(tableNameOf("Kunden-Ü 2024.xlsx")).toBe("Kunden_Ü_2024");
    expect(tableNameOf("2024 orders.csv")).toBe("T_2024_orders");
  });
});

describe("loadTablePath", () => {
  it("sends the options as query parameters, stated types as NAME:type", () => {
    const file = new File(["A\n1\n"], "t.csv");
    const path = loadTablePath({
      projectId: 3,
      table: "T",
      file,
      mode: "replace",
      delimiter: ";",
      types: { ZIP: "string", ID: "integer" },
      dryRun: true,
    });
    const [base, query] = path.split("?");
    expect(base).toBe("/api/console/metadata/tables/T/load");
    const params = new URLSearchParams(query);
    expect(params.get("project_id")).toBe("3");
    expect(params.get("mode")).toBe("replace");
    expect(params.get("delimiter")).toBe(";");
    expect(params.get("types")).toBe("ZIP:string,ID:integer");
    expect(params.get("dry_run")).toBe("true");
    expect(params.has("sheet")).toBe(false);
  });
});
