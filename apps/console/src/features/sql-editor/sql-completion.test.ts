import type { MetadataSchemaTable } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { completionsAt, nameInSql, sourcesOf } from "./sql-completion.ts";

const col = (name: string, kind: "system" | "property" | "role" | "column" = "property") => ({
  name,
  type: "string",
  kind,
  required: false,
});

const tables: MetadataSchemaTable[] = [
  {
    schema: "@INSTANCES",
    name: "HUB",
    type: "VIEW",
    description: "Hubs",
    columns: [
      col("@PATTERN", "system"),
      col("@INSTANCE", "system"),
      col("COLUMN_NAME"),
      col("HASH_KEY", "role"),
    ],
  },
  {
    schema: "@INSTANCES",
    name: "HUB_EXTRA",
    type: "VIEW",
    description: null,
    columns: [col("NOTE")],
  },
  {
    schema: "@TABLES",
    name: "Codes",
    type: "TABLE",
    description: null,
    columns: [col("CODE", "column"), col("ORDER", "column")],
  },
  {
    schema: "@INFORMATION_SCHEMA",
    name: "COLUMNS",
    type: "VIEW",
    description: null,
    columns: [col("COLUMN_NAME", "column")],
  },
];

const labels = (before: string, statement = before) =>
  completionsAt(before, statement, tables).suggestions.map((s) => s.label);

describe("completionsAt", () => {
  it("offers a schema's tables after its name and a dot, in any case", () => {
    expect(labels("SELECT * FROM @INSTANCES.")).toEqual(["HUB", "HUB_EXTRA"]);
    expect(labels("SELECT * FROM @instances.hub_")).toEqual(["HUB_EXTRA"]);
    expect(labels("SELECT * FROM @TABLES.")).toEqual(["Codes"]);
    expect(labels("SELECT * FROM @INFORMATION_SCHEMA.CO")).toEqual(["COLUMNS"]);
    expect(completionsAt("FROM @INSTANCES.HU", "", tables).replace).toBe(2);
  });

  it("offers an alias's columns after the alias and a dot", () => {
    const statement =
      "SELECT h. FROM @INSTANCES.HUB h JOIN @TABLES.codes AS c ON c.CODE = h.COLUMN_NAME";
    expect(labels("SELECT h.", statement)).toEqual([
      "@PATTERN",
      "@INSTANCE",
      "COLUMN_NAME",
      "HASH_KEY",
    ]);
    expect(labels("SELECT h.@IN", statement)).toEqual(["@INSTANCE"]);
    expect(labels("SELECT c.", statement)).toEqual(["CODE", "ORDER"]);
    expect(labels("SELECT HUB.", statement)).toContain("COLUMN_NAME");
    expect(labels("SELECT x.", statement)).toEqual([]);
  });

  it("offers the columns of a statement's only source, schemas and keywords while typing", () => {
    const statement = "SELECT COL FROM @INSTANCES.HUB WHERE 1";
    expect(labels("SELECT COL", statement)).toEqual(["COLUMN_NAME", "COLLATE"]);
    expect(labels("SELECT @", statement)).toEqual([
      "@INSTANCES.",
      "@TABLES.",
      "@INFORMATION_SCHEMA.",
      "@PATTERN",
      "@INSTANCE",
    ]);
    expect(labels("SELECT * FR", "SELECT * FR")).toEqual(["FROM"]);
    // Two sources: no unqualified columns (which one would it be?).
    const two = "SELECT COL FROM @INSTANCES.HUB a, @INSTANCES.HUB_EXTRA b";
    expect(labels("SELECT COL", two)).toEqual(["COLLATE"]);
  });

  it("quotes names that are not plain or are keywords when inserting them", () => {
    expect(nameInSql("COLUMN_NAME")).toBe("COLUMN_NAME");
    expect(nameInSql("@INSTANCE")).toBe("@INSTANCE");
    expect(nameInSql("ORDER")).toBe('"ORDER"');
    expect(nameInSql('my "col"')).toBe('"my ""col"""');
    const c = completionsAt("SELECT c.", "SELECT c. FROM @TABLES.Codes c", tables);
    expect(c.suggestions.find((s) => s.label === "ORDER")?.insertText).toBe('"ORDER"');
  });

  it("finds sources with quoted and aliased names, skipping keywords as aliases", () => {
    const found = sourcesOf('SELECT * FROM @INSTANCES."HUB" WHERE 1; @TABLES.codes AS "k"', tables);
    expect(found.map((s) => s.names)).toEqual([["HUB"], ["Codes", "k"]]);
  });
});
