import { z } from "zod";
import { ProjectRef, queryInt } from "./common.ts";
import { SQL_TEXT_MAX_CHARACTERS } from "./limits.ts";

/* ---- POST /api/v1/metadata (docs/reference/endpoints.md "Metadata statement execution result") ---- */

export const MetadataRequest = ProjectRef.extend({
  statement: z
    .string()
    .max(SQL_TEXT_MAX_CHARACTERS, {
      error: `must be at most ${SQL_TEXT_MAX_CHARACTERS} characters`,
    })
    .optional()
    .meta({ description: "One or more statements of the dialect, separated by `;`" }),
  dry_run: z.boolean().optional().meta({
    description:
      'Plan the script\'s INSERT INTO @INSTANCES statements without writing anything: the result lists what each instance would become, with `plan` totals (docs/metadata-sql.md "Dry run")',
  }),
})
  // Unknown fields (a misspelt key, `params`) are a 400 naming them, not silently dropped.
  .strict()
  .meta({ id: "MetadataRequest" });
export type MetadataRequest = z.infer<typeof MetadataRequest>;

export const MetadataColumn = z
  .object({
    name: z.string(),
    type: z.string().meta({ description: "string, integer, number or binary" }),
    pos_no: z.number().int().meta({ description: "0-based position" }),
  })
  .meta({ id: "MetadataColumn" });
export type MetadataColumn = z.infer<typeof MetadataColumn>;

/** A dry run's totals over the instances its last INSERT would write. */
export const MetadataPlan = z
  .object({
    create: z.number().int().meta({ description: "Instances the INSERT would create" }),
    change: z.number().int().meta({ description: "Instances it would change (a new version)" }),
    leave: z.number().int().meta({ description: "Instances whose rows are already the same" }),
    rows: z.number().int().meta({ description: "Metadata rows over all those instances" }),
  })
  .meta({
    id: "MetadataPlan",
    description: "Present only on a dry run (`dry_run: true`); nothing was written",
  });
export type MetadataPlan = z.infer<typeof MetadataPlan>;

export const MetadataResult = z
  .object({
    id: z.string().meta({ description: "Execution id (UUID)" }),
    user_id: z.number().int(),
    type: z.string().meta({ description: "e.g. select_statement, insert_statement" }),
    sql: z.string().meta({ description: "The statement this result belongs to" }),
    stmt_no: z.number().int().meta({ description: "1-based number of that statement" }),
    start_time: z.number().int().meta({ description: "Unix milliseconds" }),
    status: z.enum(["FINISHED", "ERROR"]),
    rows: z.array(z.record(z.string(), z.unknown())),
    metadata: z.array(MetadataColumn),
    runtime: z.number().int().meta({ description: "Milliseconds" }),
    error: z.string().optional(),
    truncated: z
      .boolean()
      .optional()
      .meta({ description: "Present (true) when the row limit cut the result" }),
    plan: z.optional(MetadataPlan),
  })
  .meta({ id: "MetadataResult" });
export type MetadataResult = z.infer<typeof MetadataResult>;

/* ---- Console: POST /api/console/metadata/run (the v1 result plus where an ERROR is) ---- */

export const MetadataErrorPosition = z
  .object({
    line: z.number().int().meta({ description: "1-based line in the statement text sent" }),
    column: z.number().int().meta({ description: "1-based column" }),
  })
  .meta({ id: "MetadataErrorPosition" });
export type MetadataErrorPosition = z.infer<typeof MetadataErrorPosition>;

export const MetadataRunResult = MetadataResult.extend({
  position: MetadataErrorPosition.nullable().meta({
    description: "Where the failing statement went wrong, when known (status ERROR); else null",
  }),
}).meta({ id: "MetadataRunResult" });
export type MetadataRunResult = z.infer<typeof MetadataRunResult>;

/** The console's run body: the v1 body plus the saved script it runs from, if any. */
export const MetadataRunRequest = MetadataRequest.extend({
  script_id: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: "Record the run in this script's history (same project)" }),
})
  .strict()
  .meta({ id: "MetadataRunRequest" });
export type MetadataRunRequest = z.infer<typeof MetadataRunRequest>;

/* ---- Console: history and schema ---- */

export const MetadataHistoryQuery = ProjectRef.extend({ $limit: queryInt.optional() });
export type MetadataHistoryQuery = z.infer<typeof MetadataHistoryQuery>;

export const MetadataExecution = z
  .object({
    id: z.string(),
    project_id: z.number().int(),
    statement: z.string(),
    type: z.string().nullable(),
    status: z.enum(["FINISHED", "ERROR"]),
    runtime: z.number().int(),
    row_count: z.number().int(),
    error: z.string().nullable(),
    start_time: z.number().int(),
    script_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The saved script it ran from (docs/metadata-scripts.md), else null" }),
    script_version: z
      .number()
      .int()
      .nullable()
      .meta({ description: "That script's saved version when it ran" }),
  })
  .meta({ id: "MetadataExecution" });
export type MetadataExecution = z.infer<typeof MetadataExecution>;

export const MetadataSchemaQuery = ProjectRef;

export const MetadataSchemaColumn = z.object({
  name: z.string(),
  type: z.string(),
  kind: z.enum(["system", "property", "role", "column"]),
  required: z.boolean(),
});

export const MetadataSchemaTable = z
  .object({
    schema: z.enum(["@INSTANCES", "@TABLES", "@INFORMATION_SCHEMA"]),
    name: z.string(),
    type: z.enum(["VIEW", "TABLE"]),
    description: z.string().nullable(),
    columns: z.array(MetadataSchemaColumn),
  })
  .meta({ id: "MetadataSchemaTable" });
export type MetadataSchemaTable = z.infer<typeof MetadataSchemaTable>;

export const MetadataSchema = z
  .object({ tables: z.array(MetadataSchemaTable) })
  .meta({ id: "MetadataSchema" });
export type MetadataSchema = z.infer<typeof MetadataSchema>;

/* ---- The dialect's vocabulary, shared by the translator (core) and the store (db) ---- */

/** The three schemas of the dialect (docs/reference/rules.md §8). */
export type SchemaName = "INSTANCES" | "TABLES" | "INFORMATION_SCHEMA";

export type SqlValue = string | number | null;

export interface CatalogColumn {
  name: string;
  /** string, integer, number, boolean or date. */
  type: string;
}

/**
 * A table of the dialect as the store serves it: the SELECT producing its
 * rows (confined to the caller's project by its own parameters) and its
 * columns. Built by packages/db; the translator only places it in FROM.
 */
export interface CatalogSource {
  schema: SchemaName;
  /** The name as stored (the pattern's or custom table's own spelling). */
  name: string;
  columns: CatalogColumn[];
  sql: string;
  params: SqlValue[];
}

/**
 * A view of @TABLES as the store keeps it: the dialect text of its SELECT.
 * The translator expands it on each use, confined like the caller's own
 * SELECT (docs/metadata-sql.md "Views").
 */
export interface CatalogView {
  kind: "view";
  schema: "TABLES";
  name: string;
  definition: string;
}

/** A custom table column as stored in `custom_tables.columns` (the bundle format too). */
export interface CustomColumn {
  name: string;
  /** string, integer, number, boolean or date. */
  datatype: string;
}

/** The hidden first column of a @TABLES source opened for UPDATE/DELETE. */
export const ROW_ID_COLUMN = "@ROWID";

/** System columns of every @INSTANCES view, in order (docs/reference/endpoints.md). */
export const INSTANCE_SYSTEM_COLUMNS: readonly CatalogColumn[] = [
  { name: "@PATTERN", type: "string" },
  { name: "@FOLDER", type: "string" },
  { name: "@INSTANCE", type: "string" },
  { name: "@RELEASE", type: "string" },
  { name: "@POS_NO", type: "integer" },
  { name: "@DELETED", type: "integer" },
];

/** The views of @INFORMATION_SCHEMA (docs/reference/rules.md §8). */
export const INFORMATION_SCHEMA_VIEWS = [
  "INSTANCES",
  "COLUMNS",
  "COMMITS",
  "DELIVERIES",
  "INSTANCE_LABELS",
  "LINEAGE",
  "PATTERN_VARIABLES",
  "TABLES",
] as const;

/** ASCII-only upper case, as SQLite folds names: `ſ` does not become `S`. */
export function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/** Finds a name the way the dialect compares names: exact first, else the one ASCII case-insensitive match. */
export function findByName<T>(
  items: readonly T[],
  name: string,
  nameOf: (t: T) => string,
): T | undefined {
  const exact = items.find((t) => nameOf(t) === name);
  if (exact) return exact;
  const upper = asciiUpper(name);
  const folded = items.filter((t) => asciiUpper(nameOf(t)) === upper);
  return folded.length === 1 ? folded[0] : undefined;
}
