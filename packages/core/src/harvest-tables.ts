import type { Catalog, CustomColumn, SqlValue } from "@metabuild/contract";
import { harvestTableNames } from "@metabuild/contract";

/**
 * How a harvested catalog lands in the project's @TABLES (docs/harvesting.md):
 * four tables named `<PREFIX>_TABLES`, `_COLUMNS`, `_KEYS` (primary key
 * columns) and `_FOREIGN_KEYS`, one row per item, upper-case column names
 * like @INFORMATION_SCHEMA's.
 */
export interface HarvestTable {
  name: string;
  columns: CustomColumn[];
  rows: Record<string, SqlValue>[];
}

const str = (name: string): CustomColumn => ({ name, datatype: "string" });
const int = (name: string): CustomColumn => ({ name, datatype: "integer" });

export function harvestTables(prefix: string, catalog: Catalog): HarvestTable[] {
  const [tables, columns, keys, foreignKeys] = harvestTableNames(prefix);
  return [
    {
      name: tables,
      columns: [str("SCHEMA_NAME"), str("TABLE_NAME"), str("TABLE_TYPE"), str("COMMENT")],
      rows: catalog.tables.map((t) => ({
        SCHEMA_NAME: t.schema,
        TABLE_NAME: t.name,
        TABLE_TYPE: t.type,
        COMMENT: t.comment,
      })),
    },
    {
      name: columns,
      columns: [
        str("SCHEMA_NAME"),
        str("TABLE_NAME"),
        str("COLUMN_NAME"),
        int("POSITION"),
        str("DATA_TYPE"),
        int("LENGTH"),
        int("SCALE"),
        int("NULLABLE"),
        str("COMMENT"),
      ],
      rows: catalog.columns.map((c) => ({
        SCHEMA_NAME: c.schema,
        TABLE_NAME: c.table,
        COLUMN_NAME: c.name,
        POSITION: c.position,
        DATA_TYPE: c.type,
        LENGTH: c.length,
        SCALE: c.scale ?? null,
        NULLABLE: c.nullable ? 1 : 0,
        COMMENT: c.comment,
      })),
    },
    {
      name: keys,
      columns: [
        str("SCHEMA_NAME"),
        str("TABLE_NAME"),
        str("KEY_NAME"),
        str("COLUMN_NAME"),
        int("POSITION"),
      ],
      rows: catalog.keys.map((k) => ({
        SCHEMA_NAME: k.schema,
        TABLE_NAME: k.table,
        KEY_NAME: k.name,
        COLUMN_NAME: k.column,
        POSITION: k.position,
      })),
    },
    {
      name: foreignKeys,
      columns: [
        str("SCHEMA_NAME"),
        str("TABLE_NAME"),
        str("KEY_NAME"),
        str("COLUMN_NAME"),
        int("POSITION"),
        str("REFERENCED_SCHEMA"),
        str("REFERENCED_TABLE"),
        str("REFERENCED_COLUMN"),
      ],
      rows: catalog.foreign_keys.map((f) => ({
        SCHEMA_NAME: f.schema,
        TABLE_NAME: f.table,
        KEY_NAME: f.name,
        COLUMN_NAME: f.column,
        POSITION: f.position,
        REFERENCED_SCHEMA: f.referenced_schema,
        REFERENCED_TABLE: f.referenced_table,
        REFERENCED_COLUMN: f.referenced_column,
      })),
    },
  ];
}
