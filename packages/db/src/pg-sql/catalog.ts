import {
  type CatalogColumn,
  type CatalogSource,
  type CatalogView,
  type CustomColumn,
  INFORMATION_SCHEMA_VIEWS,
  INSTANCE_SYSTEM_COLUMNS,
  ROW_ID_COLUMN,
  type SchemaName,
  type SqlValue,
  findByName,
} from "@metabuild/contract";
import { lineageViewSql } from "../queries/lineage-view.ts";
import { columnsViewRows, informationSchemaColumns } from "../queries/metadata-info-schema.ts";
import { viewColumnsOf } from "../queries/metadata-views.ts";
import type { ReaderQueryable } from "./confine.ts";

/**
 * The dialect's catalog on PostgreSQL: the same tables as the SQLite catalog
 * (packages/db/src/queries/metadata-catalog.ts), each a subquery confined to
 * the project by its own parameters. The emitter names their columns by
 * position, so the subqueries only need the right order. The catalog is
 * loaded once per script (the translator asks synchronously).
 */

export interface ReaderMetadataScope {
  customerId: number;
  projectId: number;
}

interface PatternInfo {
  id: number;
  name: string;
  description: string | null;
  columns: { name: string; type: string; kind: "property" | "role"; required: boolean }[];
}

interface Loaded {
  patterns: PatternInfo[];
  tables: { id: number; name: string; columns: CustomColumn[] }[];
  views: { id: number; name: string; definition: string; columns: string | null }[];
}

type Rows<T> = { rows: T[] };

async function rows<T>(client: ReaderQueryable, text: string, values: unknown[]): Promise<T[]> {
  return ((await client.query(text, values)) as Rows<T>).rows;
}

async function load(client: ReaderQueryable, scope: ReaderMetadataScope): Promise<Loaded> {
  const patterns = await rows<{ id: number; name: string; description: string | null }>(
    client,
    'SELECT CAST(id AS integer) AS id, name, description FROM patterns WHERE customer_id = $1 AND CAST(deleted AS integer) = 0 ORDER BY name COLLATE "C"',
    [scope.customerId],
  );
  const ids = patterns.map((p) => p.id);
  const props = await rows<{
    pattern_id: number;
    name: string;
    datatype: string;
    required: number;
  }>(
    client,
    "SELECT CAST(pattern_id AS integer) AS pattern_id, name, datatype, CAST(required AS integer) AS required FROM instance_properties WHERE pattern_id = ANY($1) AND CAST(deleted AS integer) = 0 ORDER BY pos_no, id",
    [ids],
  );
  const roles = await rows<{ pattern_id: number; name: string }>(
    client,
    "SELECT CAST(pattern_id AS integer) AS pattern_id, name FROM functional_roles WHERE pattern_id = ANY($1) AND CAST(deleted AS integer) = 0 ORDER BY pos_no, id",
    [ids],
  );
  const tables = await rows<{ id: number; name: string; columns: unknown }>(
    client,
    'SELECT CAST(id AS integer) AS id, name, columns FROM custom_tables WHERE project_id = $1 ORDER BY name COLLATE "C"',
    [scope.projectId],
  );
  const views = await rows<Loaded["views"][number]>(
    client,
    'SELECT CAST(id AS integer) AS id, name, definition, columns FROM custom_views WHERE project_id = $1 ORDER BY name COLLATE "C"',
    [scope.projectId],
  );
  return {
    patterns: patterns.map((p) => ({
      ...p,
      columns: [
        ...props
          .filter((c) => c.pattern_id === p.id)
          .map((c) => ({
            name: c.name,
            type: c.datatype.toLowerCase(),
            kind: "property" as const,
            required: Number(c.required) === 1,
          })),
        ...roles
          .filter((r) => r.pattern_id === p.id)
          .map((r) => ({ name: r.name, type: "string", kind: "role" as const, required: false })),
      ],
    })),
    tables: tables.map((t) => ({
      id: t.id,
      name: t.name,
      columns: (typeof t.columns === "string"
        ? JSON.parse(t.columns)
        : t.columns) as CustomColumn[],
    })),
    views,
  };
}

const NUMERIC = new Set(["integer", "number"]);
const TEXT = (expr: string) => `CAST(${expr} AS text) COLLATE "C"`;
const INT = (expr: string) => `CAST(CAST(${expr} AS integer) AS bigint)`;

/** A source: SQL with `?` parameters, columns in order. */
function source(
  schema: SchemaName,
  name: string,
  columns: CatalogColumn[],
  sql: string,
  params: SqlValue[],
): CatalogSource {
  return { schema, name, columns, sql, params };
}

function instancesSource(scope: ReaderMetadataScope, p: PatternInfo): CatalogSource {
  const columns: CatalogColumn[] = [...INSTANCE_SYSTEM_COLUMNS];
  const cells: string[] = [];
  const params: SqlValue[] = [p.name];
  for (const c of p.columns) {
    if (columns.some((x) => x.name === c.name)) continue;
    columns.push({ name: c.name, type: c.type });
    params.push(c.name);
    cells.push(
      c.kind === "property" && NUMERIC.has(c.type)
        ? "metabuild_sql.property_number(ir.j ->> CAST(? AS text))"
        : 'CAST(ir.j ->> CAST(? AS text) AS text) COLLATE "C"',
    );
  }
  params.push(scope.projectId, p.id);
  const sql = [
    `SELECT ${TEXT("?")}, ${TEXT("f.path")}, ${TEXT("i.name")}, ${TEXT("r.name")}, ${INT("ir.pos_no")}, ${INT("i.deleted")}`,
    ...cells,
  ].join(", ");
  return source(
    "INSTANCES",
    p.name,
    columns,
    `${sql} FROM (SELECT instance_id, pos_no, CAST(data AS jsonb) AS j FROM instance_rows) ir JOIN instances i ON i.id = ir.instance_id JOIN instance_folders f ON f.id = i.instance_folder_id LEFT JOIN releases r ON r.id = i.release_id WHERE i.project_id = CAST(? AS bigint) AND i.pattern_id = CAST(? AS bigint)`,
    params,
  );
}

function tablesSource(t: Loaded["tables"][number], rowId: boolean): CatalogSource {
  const cells: string[] = rowId ? [INT("ctr.id")] : [];
  const params: SqlValue[] = [];
  for (const c of t.columns) {
    params.push(c.name);
    cells.push(
      NUMERIC.has(c.datatype) || c.datatype === "boolean"
        ? "metabuild_sql.json_number(ctr.j -> CAST(? AS text))"
        : 'CAST(ctr.j ->> CAST(? AS text) AS text) COLLATE "C"',
    );
  }
  if (cells.length === 0) cells.push(INT("ctr.id"));
  params.push(t.id);
  const columns = t.columns.map(({ name, datatype }) => ({ name, type: datatype }));
  return source(
    "TABLES",
    t.name,
    rowId ? [{ name: ROW_ID_COLUMN, type: "integer" }, ...columns] : columns,
    // Each row's JSON is parsed once, not once per column.
    `SELECT ${cells.join(", ")} FROM (SELECT id, CAST(data AS jsonb) AS j FROM custom_table_rows WHERE table_id = CAST(? AS bigint)) ctr`,
    params,
  );
}

const INSTANCE_KEY = `${INT("i.id")}, ${TEXT("p.name")}, ${TEXT("f.path")}, ${TEXT("i.name")}`;
const OF_INSTANCE =
  "JOIN patterns p ON p.id = i.pattern_id JOIN instance_folders f ON f.id = i.instance_folder_id";

/** The information schema's views (packages/db/src/queries/metadata-info-schema.ts), same columns. */
function informationSchemaSql(
  view: (typeof INFORMATION_SCHEMA_VIEWS)[number],
  scope: ReaderMetadataScope,
  describe: () => DescribedTable[],
): { sql: string; params: SqlValue[] } {
  const project = [scope.projectId];
  switch (view) {
    case "INSTANCES":
      return {
        sql: `SELECT ${INSTANCE_KEY}, ${TEXT("r.name")}, ${INT("i.version")}, ${TEXT("i.description")}, ${INT("i.errors")}, CAST(CAST(i.errors > 0 AS integer) AS bigint), ${INT("i.deleted")}, ${INT("i.upload_disabled")}, ${INT("i.insert_disabled")}, ${INT("i.build_disabled")}, ${INT("i.edit_disabled")}, ${INT("i.checked_out_by_user_id")}, ${TEXT("i.checked_out_at")}, ${INT("i.latest_commit_id")}, ${TEXT("i.created_at")}, ${TEXT("i.updated_at")} FROM instances i ${OF_INSTANCE} LEFT JOIN releases r ON r.id = i.release_id WHERE i.project_id = CAST(? AS bigint)`,
        params: project,
      };
    case "COMMITS":
      return {
        sql: `SELECT ${INT("c.id")}, ${INSTANCE_KEY}, ${INT("c.version")}, ${INT("c.user_id")}, ${TEXT("c.source")}, ${TEXT("c.message")}, ${TEXT("c.created_at")}, ${TEXT("c.before")}, ${TEXT("c.after")} FROM commits c JOIN instances i ON i.id = c.instance_id ${OF_INSTANCE} WHERE i.project_id = CAST(? AS bigint)`,
        params: project,
      };
    case "DELIVERIES":
      return {
        sql: `SELECT ${INT("b.id")}, ${TEXT("b.status")}, ${TEXT("b.build_start")}, ${TEXT("b.build_end")}, ${INSTANCE_KEY}, ${INT("bi.version")}, ${INT("d.id")}, ${TEXT("d.name")} FROM build_instances bi JOIN builds b ON b.id = bi.build_id JOIN instances i ON i.id = bi.instance_id JOIN patterns p ON p.id = bi.pattern_id JOIN instance_folders f ON f.id = i.instance_folder_id LEFT JOIN downloads d ON d.build_id = b.id AND d.pattern_id = bi.pattern_id WHERE b.project_id = CAST(? AS bigint) AND i.project_id = CAST(? AS bigint)`,
        params: [scope.projectId, scope.projectId],
      };
    case "INSTANCE_LABELS":
      return {
        sql: `SELECT ${INSTANCE_KEY}, ${TEXT("l.name")} FROM instance_labels il JOIN labels l ON l.id = il.label_id JOIN instances i ON i.id = il.instance_id ${OF_INSTANCE} WHERE i.project_id = CAST(? AS bigint)`,
        params: project,
      };
    case "LINEAGE":
      return lineageViewSql(
        scope.projectId,
        (e, type) => (type === "integer" ? INT(e) : TEXT(e)),
        "CAST(? AS bigint)",
      );
    case "PATTERN_VARIABLES":
      return {
        sql: `SELECT ${INT("d.id")}, ${TEXT("p.name")}, ${TEXT("d.name")}, ${TEXT("'default'")}, ${TEXT("d.default_value")}, ${TEXT("NULL")}, CAST(NULL AS bigint), ${TEXT("NULL")}, ${TEXT("d.description")} FROM variable_definitions d JOIN patterns p ON p.id = d.pattern_id WHERE p.customer_id = CAST(? AS bigint) UNION ALL SELECT ${INT("d.id")}, ${TEXT("p.name")}, ${TEXT("d.name")}, ${TEXT("CASE WHEN o.instance_id IS NOT NULL THEN 'instance' WHEN o.instance_folder_id IS NOT NULL THEN 'instance_folder' ELSE 'project' END")}, ${TEXT("o.value")}, ${TEXT("f.path")}, ${INT("i.id")}, ${TEXT("i.name")}, ${TEXT("d.description")} FROM variable_overrides o JOIN variable_definitions d ON d.id = o.variable_id JOIN patterns p ON p.id = d.pattern_id LEFT JOIN instances i ON i.id = o.instance_id LEFT JOIN instance_folders f ON o.instance_folder_id IS NOT NULL AND f.id = o.instance_folder_id WHERE o.project_id = CAST(? AS bigint) AND p.customer_id = CAST(? AS bigint)`,
        params: [scope.customerId, scope.projectId, scope.customerId],
      };
    case "COLUMNS":
      return fromJson(
        '"TABLE_SCHEMA" text, "TABLE_NAME" text, "COLUMN_NAME" text, "ORDINAL_POSITION" bigint, "DATA_TYPE" text, "COLUMN_KIND" text, "REQUIRED" bigint',
        columnsViewRows(describe()),
      );
    case "TABLES":
      return fromJson(
        '"TABLE_SCHEMA" text, "TABLE_NAME" text, "TABLE_TYPE" text, "DESCRIPTION" text',
        describe().map((t) => ({
          TABLE_SCHEMA: t.schema,
          TABLE_NAME: t.name,
          TABLE_TYPE: t.type,
          DESCRIPTION: t.description,
        })),
      );
  }
}

/** Rows computed here travel as one JSON parameter, unpacked in order. */
function fromJson(columns: string, data: Record<string, SqlValue>[]) {
  const select = [...columns.matchAll(/"(\w+)" (\w+)/g)]
    .map(([, n, t]) => (t === "text" ? TEXT(`e ->> '${n}'`) : `CAST(e ->> '${n}' AS ${t})`))
    .join(", ");
  return {
    sql: `SELECT ${select} FROM jsonb_array_elements(CAST(? AS jsonb)) AS x(e)`,
    params: [JSON.stringify(data)],
  };
}

export interface DescribedTable {
  schema: string;
  name: string;
  type: "VIEW" | "TABLE";
  description: string | null;
  columns: { name: string; type: string; kind: string; required: boolean }[];
}

/**
 * The columns of a view stored without them (docs/metadata-sql.md "Views"),
 * worked out by whoever can translate it (as for SQLite); on PostgreSQL
 * naming them takes a query, so they may come as a promise. Given, they are
 * worked out for every such view when the catalog loads: pass it only when
 * the script reads `@INFORMATION_SCHEMA` or the schema is described.
 */
export type ReaderViewColumns = (
  view: CatalogView,
  id: number,
) => CatalogColumn[] | Promise<CatalogColumn[]>;

export interface ReaderCatalog {
  /** Every table of the dialect the scope sees, as the information schema lists them. */
  describe(): DescribedTable[];
  source(
    schema: SchemaName,
    name: string,
    options?: { rowId?: boolean },
  ): CatalogSource | CatalogView | undefined;
}

/** Loads the scope's catalog (patterns, tables, views) for one script. */
export async function loadReaderCatalog(
  client: ReaderQueryable,
  scope: ReaderMetadataScope,
  viewColumns?: ReaderViewColumns,
): Promise<ReaderCatalog> {
  const loaded = await load(client, scope);
  const asView = (v: { name: string; definition: string }): CatalogView => ({
    kind: "view",
    schema: "TABLES",
    name: v.name,
    definition: v.definition,
  });
  const described = new Map<string, CatalogColumn[]>();
  for (const v of loaded.views) {
    // Stored when the view was created: never worked out again on read.
    const stored = viewColumnsOf(v.columns);
    if (stored) described.set(v.name, stored);
    else if (viewColumns) described.set(v.name, await viewColumns(asView(v), v.id));
  }
  const describe = (): DescribedTable[] => {
    const system = INSTANCE_SYSTEM_COLUMNS.map((c) => ({
      ...c,
      kind: "system",
      required: c.name === "@INSTANCE",
    }));
    return [
      ...loaded.patterns.map((p) => ({
        schema: "@INSTANCES",
        name: p.name,
        type: "VIEW" as const,
        description: p.description,
        columns: [...system, ...p.columns],
      })),
      ...loaded.tables.map((t) => ({
        schema: "@TABLES",
        name: t.name,
        type: "TABLE" as const,
        description: null,
        columns: t.columns.map((c) => ({
          name: c.name,
          type: c.datatype,
          kind: "column",
          required: false,
        })),
      })),
      ...loaded.views.map((v) => ({
        schema: "@TABLES",
        name: v.name,
        type: "VIEW" as const,
        description: null,
        columns: (described.get(v.name) ?? []).map((c) => ({
          ...c,
          kind: "column",
          required: false,
        })),
      })),
      ...INFORMATION_SCHEMA_VIEWS.map((name) => ({
        schema: "@INFORMATION_SCHEMA",
        name,
        type: "VIEW" as const,
        description: null,
        columns: informationSchemaColumns(name).map((c) => ({
          ...c,
          kind: "column",
          required: false,
        })),
      })),
    ];
  };
  return {
    describe,
    source(schema, name, options) {
      if (schema === "INSTANCES") {
        const p = findByName(loaded.patterns, name, (x) => x.name);
        return p && instancesSource(scope, p);
      }
      if (schema === "TABLES") {
        const t = findByName(loaded.tables, name, (x) => x.name);
        if (t) return tablesSource(t, options?.rowId ?? false);
        const v = findByName(loaded.views, name, (x) => x.name);
        return v && asView(v);
      }
      const view = findByName(INFORMATION_SCHEMA_VIEWS, name, (v) => v);
      if (!view) return undefined;
      return {
        schema,
        name: view,
        columns: informationSchemaColumns(view),
        ...informationSchemaSql(view, scope, describe),
      };
    },
  };
}
