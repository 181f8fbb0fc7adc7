import {
  type CatalogColumn,
  type CatalogSource,
  type CatalogView,
  INFORMATION_SCHEMA_VIEWS,
  INSTANCE_SYSTEM_COLUMNS,
  ROW_ID_COLUMN,
  type SchemaName,
  type SqlValue,
  findByName,
} from "@metabuild/contract";
import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instanceRows } from "../schema/index.ts";
import { informationSchemaView, informationSchemaColumns } from "./metadata-info-schema.ts";
import { listCustomTables } from "./metadata-tables.ts";
import { type CustomView, listCustomViews } from "./metadata-views.ts";
import { patternColumns } from "./patterns.ts";
import { prepared } from "./prepared.ts";
import { tablesOf } from "../store.ts";

/** Whose metadata a statement sees: one project of one customer. */
export interface MetadataScope {
  customerId: number;
  projectId: number;
}

export interface SchemaColumn extends CatalogColumn {
  /** system (`@…`), property, role, or column (of a custom table or view). */
  kind: "system" | "property" | "role" | "column";
  required: boolean;
}

/** One table of the dialect, as the information schema and the console's completion list it. */
export interface SchemaTable {
  schema: "@INSTANCES" | "@TABLES" | "@INFORMATION_SCHEMA";
  name: string;
  type: "VIEW" | "TABLE";
  description: string | null;
  columns: SchemaColumn[];
}

/** Selects `columns` (name → expression) under exactly those names, for a source's SQL. */
export function named(columns: Record<string, SQL | SQL.Aliased | unknown>) {
  return Object.fromEntries(
    Object.entries(columns).map(([name, expr]) => [name, sql`${expr}`.as(name)]),
  ) as Record<string, SQL.Aliased>;
}

/** A drizzle query's SQL and parameters, as a catalog source carries them. */
export function sourceSql(q: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = q.toSQL();
  return { sql: text, params: params as SqlValue[] };
}

function customerPatterns(db: Db, customerId: number) {
  const { patterns } = tablesOf(db);
  return db
    .select()
    .from(patterns)
    .where(and(eq(patterns.customerId, customerId), eq(patterns.deleted, 0)))
    .orderBy(asc(patterns.name))
    .all();
}

const NUMERIC_TYPES = new Set(["integer", "number"]);

/**
 * A property cell: the JSON value under its name. Numeric properties are
 * stored as text; they are compared as numbers when the text is one (like
 * SQLite's numeric affinity), and kept as text when not.
 */
function propertyCell(name: string, datatype: string): SQL {
  const cell = sql`(${instanceRows.data} ->> ${name})`;
  if (!NUMERIC_TYPES.has(datatype.toLowerCase())) return cell;
  return sql`(CASE WHEN CAST(CAST(${cell} AS NUMERIC) AS TEXT) = ${cell} THEN CAST(${cell} AS NUMERIC) ELSE ${cell} END)`;
}

/** The customer's pattern called `name`, compared as the dialect compares names. */
function patternNamed(db: Db, customerId: number, name: string) {
  const { patterns } = tablesOf(db);
  const query = prepared(db, "metadata:pattern-named", () =>
    db
      .select({ id: patterns.id, name: patterns.name })
      .from(patterns)
      .where(
        and(
          eq(patterns.customerId, sql.placeholder("customerId")),
          eq(patterns.deleted, 0),
          // SQLite's lower() folds ASCII only, like the dialect; findByName prefers the exact spelling.
          sql`lower(${patterns.name}) = lower(${sql.placeholder("name")})`,
        ),
      )
      .prepare(),
  );
  return findByName(query.all({ customerId, name }), name, (p) => p.name);
}

/** One pattern's non-deleted properties, then roles, in the detail form's order (patternColumns). */
function columnsOfPattern(db: Db, patternId: number): SchemaColumn[] {
  const { properties, roles } = patternColumns(db, patternId);
  return [...properties.map(propertyColumn), ...roles.map(roleColumn)];
}

/** A property as a column of `@INSTANCES.<pattern>`: typed by its datatype. */
function propertyColumn(p: { name: string; datatype: string; required: number }): SchemaColumn {
  return {
    name: p.name,
    type: p.datatype.toLowerCase(),
    kind: "property",
    required: p.required === 1,
  };
}

/** A role as a column of `@INSTANCES.<pattern>`: always text. */
function roleColumn(r: { name: string }): SchemaColumn {
  return { name: r.name, type: "string", kind: "role", required: false };
}

/** `@INSTANCES.<pattern>`: one row per metadata row of the project's instances of the pattern. */
function instancesSource(db: Db, scope: MetadataScope, name: string): CatalogSource | undefined {
  const pattern = patternNamed(db, scope.customerId, name);
  if (!pattern) return undefined;
  const columns = columnsOfPattern(db, pattern.id);
  // Building the SQL through the ORM costs more than running it: keep it per shape.
  const key = `metadata:instances:${scope.projectId}:${pattern.id}:${pattern.name}:${JSON.stringify(columns)}`;
  const built = prepared(db, key, () => instancesSql(db, scope.projectId, pattern, columns));
  return {
    schema: "INSTANCES",
    name: pattern.name,
    columns: [...INSTANCE_SYSTEM_COLUMNS, ...columns.map(({ name, type }) => ({ name, type }))],
    sql: built.sql,
    params: [...built.params],
  };
}

function instancesSql(
  db: Db,
  projectId: number,
  pattern: { id: number; name: string },
  columns: SchemaColumn[],
) {
  const { instanceFolders, instanceRows, instances, releases } = tablesOf(db);
  const select: Record<string, unknown> = {
    "@PATTERN": sql`${pattern.name}`,
    "@FOLDER": instanceFolders.path,
    "@INSTANCE": instances.name,
    "@RELEASE": releases.name,
    "@POS_NO": instanceRows.posNo,
    "@DELETED": instances.deleted,
  };
  for (const c of columns)
    if (!(c.name in select))
      select[c.name] =
        c.kind === "property"
          ? propertyCell(c.name, c.type)
          : sql`(${instanceRows.data} ->> ${c.name})`;
  return sourceSql(
    db
      .select(named(select))
      .from(instanceRows)
      .innerJoin(instances, eq(instances.id, instanceRows.instanceId))
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .leftJoin(releases, eq(releases.id, instances.releaseId))
      .where(and(eq(instances.projectId, projectId), eq(instances.patternId, pattern.id))),
  );
}

/** Non-deleted properties (by pos_no), then roles (by pos_no), per pattern. */
function patternColumnsOf(db: Db, patternIds: number[]): Map<number, SchemaColumn[]> {
  const { functionalRoles, instanceProperties } = tablesOf(db);
  const out = new Map<number, SchemaColumn[]>(patternIds.map((id) => [id, []]));
  if (patternIds.length === 0) return out;
  const props = db
    .select()
    .from(instanceProperties)
    .where(
      and(inArray(instanceProperties.patternId, patternIds), eq(instanceProperties.deleted, 0)),
    )
    .orderBy(asc(instanceProperties.posNo), asc(instanceProperties.id))
    .all();
  const roles = db
    .select()
    .from(functionalRoles)
    .where(and(inArray(functionalRoles.patternId, patternIds), eq(functionalRoles.deleted, 0)))
    .orderBy(asc(functionalRoles.posNo), asc(functionalRoles.id))
    .all();
  for (const p of props) out.get(p.patternId)?.push(propertyColumn(p));
  for (const r of roles) out.get(r.patternId)?.push(roleColumn(r));
  return out;
}

/** `@TABLES.<table>`: the rows of one custom table of the project. */
function tablesSource(
  db: Db,
  scope: MetadataScope,
  name: string,
  rowId: boolean,
): CatalogSource | undefined {
  const { customTableRows } = tablesOf(db);
  const table = findByName(listCustomTables(db, scope.projectId), name, (t) => t.name);
  if (!table) return undefined;
  const select: Record<string, unknown> = rowId ? { [ROW_ID_COLUMN]: customTableRows.id } : {};
  for (const c of table.columns) select[c.name] = sql`(${customTableRows.data} ->> ${c.name})`;
  if (Object.keys(select).length === 0) select[ROW_ID_COLUMN] = customTableRows.id;
  const q = db
    .select(named(select))
    .from(customTableRows)
    .where(eq(customTableRows.tableId, table.id));
  const columns = table.columns.map(({ name, datatype }) => ({ name, type: datatype }));
  return {
    schema: "TABLES",
    name: table.name,
    columns: rowId ? [{ name: ROW_ID_COLUMN, type: "integer" }, ...columns] : columns,
    ...sourceSql(q),
  };
}

/**
 * The columns of a view stored without them (docs/metadata-sql.md "Views"),
 * worked out by whoever can translate it (the server's statement executor:
 * this package cannot); an empty list when the view does not translate.
 */
export type ViewColumns = (view: CustomView) => CatalogColumn[];

/** `@TABLES.<view>`: its text, for the translator to expand (docs/metadata-sql.md "Views"). */
function viewSource(db: Db, scope: MetadataScope, name: string): CatalogView | undefined {
  const view = findByName(listCustomViews(db, scope.projectId), name, (v) => v.name);
  return view && { kind: "view", schema: "TABLES", name: view.name, definition: view.definition };
}

/**
 * Every table of the dialect the scope can see: patterns, custom tables and
 * views, information schema views. A view stored without columns is listed
 * without them when `viewColumns` is not given.
 */
export function describeMetadataSchema(
  db: Db,
  scope: MetadataScope,
  viewColumns?: ViewColumns,
): SchemaTable[] {
  const pats = customerPatterns(db, scope.customerId);
  const columnsOf = patternColumnsOf(
    db,
    pats.map((p) => p.id),
  );
  const system: SchemaColumn[] = INSTANCE_SYSTEM_COLUMNS.map((c) => ({
    ...c,
    kind: "system",
    required: c.name === "@INSTANCE",
  }));
  return [
    ...pats.map(
      (p): SchemaTable => ({
        schema: "@INSTANCES",
        name: p.name,
        type: "VIEW",
        description: p.description,
        columns: [...system, ...(columnsOf.get(p.id) ?? [])],
      }),
    ),
    ...listCustomTables(db, scope.projectId).map(
      (t): SchemaTable => ({
        schema: "@TABLES",
        name: t.name,
        type: "TABLE",
        description: null,
        columns: t.columns.map((c) => ({
          name: c.name,
          type: c.datatype,
          kind: "column",
          required: false,
        })),
      }),
    ),
    ...listCustomViews(db, scope.projectId).map(
      (v): SchemaTable => ({
        schema: "@TABLES",
        name: v.name,
        type: "VIEW",
        description: null,
        // Stored when the view was created: never worked out again on read.
        columns: (v.columns ?? viewColumns?.(v) ?? []).map((c) => ({
          name: c.name,
          type: c.type,
          kind: "column",
          required: false,
        })),
      }),
    ),
    ...INFORMATION_SCHEMA_VIEWS.map(
      (name): SchemaTable => ({
        schema: "@INFORMATION_SCHEMA",
        name,
        type: "VIEW",
        description: null,
        columns: informationSchemaColumns(name).map((c) => ({
          ...c,
          kind: "column",
          required: false,
        })),
      }),
    ),
  ];
}

/**
 * The dialect's catalog over the store, confined to `scope` (it satisfies
 * core's `Catalog`, which this package cannot import). `viewColumns` fills
 * the views' columns in `@INFORMATION_SCHEMA.COLUMNS`.
 */
export function metadataCatalog(db: Db, scope: MetadataScope, viewColumns?: ViewColumns) {
  return {
    source(
      schema: SchemaName,
      name: string,
      options?: { rowId?: boolean },
    ): CatalogSource | CatalogView | undefined {
      if (schema === "INSTANCES") return instancesSource(db, scope, name);
      if (schema === "TABLES")
        return (
          tablesSource(db, scope, name, options?.rowId ?? false) ?? viewSource(db, scope, name)
        );
      const view = findByName(INFORMATION_SCHEMA_VIEWS, name, (v) => v);
      if (!view) return undefined;
      return {
        schema,
        name: view,
        columns: informationSchemaColumns(view),
        ...informationSchemaView(db, scope, view, () =>
          describeMetadataSchema(db, scope, viewColumns),
        ),
      };
    },
  };
}
