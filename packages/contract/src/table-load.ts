import { z } from "zod";
import { ProjectRef, queryBoolean } from "./common.ts";
import { TABLE_COLUMN_TYPES, TABLE_LOAD_MODES } from "./table-load-modes.ts";

export * from "./table-load-modes.ts";

/**
 * Loading a CSV or XLSX file into a custom table (`@TABLES.<name>`;
 * docs/metadata-tables.md "Loading").
 */

export const TableLoadParams = z.object({
  name: z.string().meta({ description: "The table's name (letters, digits, `_`)" }),
});

export const TableLoadQuery = ProjectRef.extend({
  mode: z.enum(TABLE_LOAD_MODES, { error: "must be create, replace or append" }).optional().meta({
    description:
      "create (default; 409 when the table exists), replace (columns and rows, atomically; creates a missing table) or append (rows; the file's columns must be the table's)",
  }),
  format: z
    .enum(["csv", "xlsx"], { error: "must be csv or xlsx" })
    .optional()
    .meta({ description: "Default: xlsx for a zip file, else csv" }),
  delimiter: z
    .enum([",", ";", "tab", "|"], { error: "must be ',', ';', 'tab' or '|'" })
    .optional()
    .meta({ description: "CSV field delimiter; default: detected from the header line" }),
  sheet: z
    .string()
    .optional()
    .meta({ description: "XLSX: the sheet to load (default: the first)" }),
  types: z.string().optional().meta({
    description:
      "Stated column types `NAME:type,…` (integer, number, boolean, date, string); others are inferred",
  }),
  dry_run: queryBoolean
    .optional()
    .meta({ description: "true: read, type and check the file, answer the result, store nothing" }),
});
export type TableLoadQuery = z.infer<typeof TableLoadQuery>;

export const TableLoadForm = z
  .object({
    file: z.string().meta({ format: "binary", description: "The .csv or .xlsx file" }),
  })
  .meta({ id: "TableLoadForm" });

export const TableLoadColumn = z.object({
  name: z.string(),
  datatype: z.enum(TABLE_COLUMN_TYPES),
});

export const TableLoadResult = z
  .object({
    table: z.string().meta({ description: "The table's name as stored" }),
    mode: z.enum(TABLE_LOAD_MODES),
    dry_run: z.boolean(),
    columns: z.array(TableLoadColumn),
    rows_loaded: z
      .number()
      .int()
      .meta({ description: "Rows read from the file (and written, unless a dry run)" }),
    rows_total: z.number().int().meta({ description: "Rows the table holds afterwards" }),
    preview: z
      .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
      .meta({ description: "The first rows as stored (at most 20)" }),
  })
  .meta({ id: "TableLoadResult" });
export type TableLoadResult = z.infer<typeof TableLoadResult>;
