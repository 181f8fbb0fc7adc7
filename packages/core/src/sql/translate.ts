import type { CreateView, Delete, Insert, Select, Statement, TableName, Update } from "./ast.ts";
import {
  type Catalog,
  type CatalogColumn,
  type CatalogView,
  type CustomColumn,
  ROW_ID_COLUMN,
  type SchemaName,
  findByName,
  qualifiedName,
  schemaOf,
} from "./catalog.ts";
import { checkCustomName, customColumns } from "./custom-tables.ts";
import type { SqlDialect } from "./dialect.ts";
import { checkJoinWidth } from "./join-width.ts";
import { type EmittedQuery, Emitter } from "./emitter.ts";
import { SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";
import { DEFAULT_VIEW_MAX_EXPANDED, checkExpandedSize } from "./view-size.ts";
import { tablesRead, viewSelect } from "./views.ts";

/**
 * How a statement is translated: views over views nest at most `viewDepth`
 * deep, and the statement with its views expanded counts at most
 * `viewMaxExpanded` (view-size.ts).
 */
export interface TranslateOptions {
  viewDepth?: number;
  viewMaxExpanded?: number;
  /** SQLite unless said (docs/metadata-sql.md "On PostgreSQL"). */
  dialect?: SqlDialect;
}

/** The server's bounds on views (METABUILD_SQL_VIEW_DEPTH, METABUILD_SQL_VIEW_MAX_EXPANDED). */
export type ViewLimits = Required<Pick<TranslateOptions, "viewDepth" | "viewMaxExpanded">>;

export interface WriteTarget {
  schema: "INSTANCES" | "TABLES";
  /** As stored (the pattern's or table's own spelling). */
  name: string;
  columns: CatalogColumn[];
}

/**
 * What a statement becomes. Reads are one SELECT. Writes are split: a SELECT
 * computes the rows to write (every user expression runs there, confined
 * like any read), then the store applies them with its own fixed statements.
 */
export type Translation =
  | { kind: "select"; query: EmittedQuery }
  /** `rows` yields one row per inserted row, values in `columns` order. */
  | { kind: "insert"; target: WriteTarget; columns: string[]; rows: EmittedQuery }
  /** `rows` yields `@ROWID`, then the new values in `columns` order. */
  | { kind: "update"; target: WriteTarget; columns: string[]; rows: EmittedQuery }
  /** `rows` yields the `@ROWID`s to delete. */
  | { kind: "delete"; target: WriteTarget; rows: EmittedQuery }
  | { kind: "create_table"; name: string; columns: CustomColumn[]; ifNotExists: boolean }
  | { kind: "drop_table"; name: string; ifExists: boolean }
  /**
   * `definition` is what is stored; `query` is its translation now (the store
   * checks its column names), `columns` what the emitter knows of them.
   */
  | {
      kind: "create_view";
      name: string;
      definition: string;
      ifNotExists: boolean;
      query: EmittedQuery;
      columns?: CatalogColumn[];
    }
  | { kind: "drop_view"; name: string; ifExists: boolean };

export function translate(
  statement: Statement,
  catalog: Catalog,
  options: TranslateOptions = {},
): Translation {
  const translation = translateStatement(statement, catalog, options);
  // After the emitter: its refusals (unknown names, cycles, depth) come first.
  checkExpandedSize(
    statement,
    catalog,
    options.viewMaxExpanded ?? DEFAULT_VIEW_MAX_EXPANDED,
    translation.kind === "create_view" ? translation.name : undefined,
  );
  // SQLite refuses a join of more than 64 tables itself; PostgreSQL is told to (join-width.ts).
  if (options.dialect?.name === "postgres") checkJoinWidth(statement, catalog);
  return translation;
}

function translateStatement(
  statement: Statement,
  catalog: Catalog,
  options: TranslateOptions,
): Translation {
  switch (statement.kind) {
    case "select": {
      const e = new Emitter(catalog, options);
      e.select(statement);
      return { kind: "select", query: e.finished() };
    }
    case "insert":
      return translateInsert(statement, catalog, options);
    case "update":
      return translateUpdate(statement, catalog, options);
    case "delete":
      return translateDelete(statement, catalog, options);
    case "create_view":
      return translateCreateView(statement, catalog, options);
    case "drop_view":
      return {
        kind: "drop_view",
        name: customTableName(statement.target, "DROP VIEW"),
        ifExists: statement.ifExists,
      };
    case "create_table":
      return {
        kind: "create_table",
        name: customTableName(statement.target, "CREATE TABLE"),
        columns: customColumns(statement.columns),
        ifNotExists: statement.ifNotExists,
      };
    case "drop_table":
      return {
        kind: "drop_table",
        name: customTableName(statement.target, "DROP TABLE"),
        ifExists: statement.ifExists,
      };
  }
}

function customTableName(t: TableName, what: string): string {
  if (t.schema === undefined || schemaOf(t.schema, t.pos) !== "TABLES")
    throw new SqlError(`${what} works in @TABLES only: ${what} @TABLES.<name> …`, t.pos);
  checkCustomName(t.name, "table");
  return t.name;
}

/**
 * CREATE VIEW: the text is checked by translating it now, as if the view
 * were already there (so it counts in the depth); it must not read itself.
 */
function translateCreateView(
  s: CreateView,
  catalog: Catalog,
  options: TranslateOptions,
): Translation {
  const name = customTableName(s.target, "CREATE VIEW");
  const label = qualifiedName("TABLES", name);
  const self = tablesRead(s.select).find((t) => asciiUpper(t.name) === asciiUpper(name));
  if (self) throw new SqlError(`View '${label}' cannot refer to itself`, self.pos);
  const e = new Emitter(catalog, { ...options, viewPath: [{ key: asciiUpper(name), label }] });
  e.describeCore(s.select.first);
  e.select(s.select);
  return {
    kind: "create_view",
    name,
    definition: s.definition,
    ifNotExists: s.ifNotExists,
    query: e.finished(),
    columns: e.describedColumns,
  };
}

/**
 * A stored view's query (`SELECT *` over it, expanded) and the columns the
 * emitter knows, for the information schema and the editor's completion.
 */
export function viewQuery(
  view: CatalogView,
  catalog: Catalog,
  options: TranslateOptions = {},
): { query: EmittedQuery; columns?: CatalogColumn[] } {
  const e = new Emitter(catalog, options);
  const source = e.expandView(view);
  e.write(source.sql);
  checkExpandedSize(
    viewSelect(view.name, view.definition),
    catalog,
    options.viewMaxExpanded ?? DEFAULT_VIEW_MAX_EXPANDED,
    view.name,
  );
  return { query: e.finished(), columns: e.columnsKnown(source) ? source.columns : undefined };
}

function writeTarget(
  t: TableName,
  what: string,
  allowed: readonly SchemaName[],
  emitter: Emitter,
  rowId: boolean,
) {
  const schema = t.schema === undefined ? undefined : schemaOf(t.schema, t.pos);
  if (schema === undefined || !allowed.includes(schema)) {
    const where = allowed.map((s) => `@${s}`).join(" or ");
    const hint =
      what !== "INSERT" && schema === "INSTANCES"
        ? "; INSERT an instance's rows again to replace them"
        : "";
    throw new SqlError(
      `${what} is not allowed on '${t.schema ? qualifiedName(schema ?? "TABLES", t.name) : t.name}': it writes to ${where} only${hint}`,
      t.pos,
    );
  }
  return emitter.source(t.schema as string, t.name, t.pos, rowId, what);
}

function translateInsert(s: Insert, catalog: Catalog, options: TranslateOptions): Translation {
  const e = new Emitter(catalog, options);
  const source = writeTarget(s.target, "INSERT", ["INSTANCES", "TABLES"], e, false);
  const label = qualifiedName(source.schema, source.name);
  const columns = s.columns
    ? s.columns.map((c) => {
        const hit = findByName(source.columns, c.name, (x) => x.name);
        if (!hit) throw new SqlError(`Unknown column '${c.name}' in ${label}`, c.pos);
        return hit.name;
      })
    : source.columns.map((c) => c.name);
  const dup = columns.find((c, k) => columns.indexOf(c) !== k);
  if (dup) throw new SqlError(`Column '${dup}' is listed twice in the INSERT`);
  const width = resultWidth(s.source);
  if (width !== undefined && width !== columns.length)
    throw new SqlError(
      `INSERT into ${label} names ${columns.length} columns but gives ${width} values per row`,
    );
  // The rows are computed by a fresh emitter: the target is not in their scope.
  const rows = new Emitter(catalog, options);
  rows.select(s.source);
  return {
    kind: "insert",
    target: {
      schema: source.schema as WriteTarget["schema"],
      name: source.name,
      columns: source.columns,
    },
    columns,
    rows: rows.finished(),
  };
}

/** Values per row when the source says so plainly (VALUES, or SELECT without `*`). */
function resultWidth(s: Select): number | undefined {
  if (s.first.kind === "values") return s.first.rows[0].length;
  if (s.first.columns.some((c) => c.kind !== "expr")) return undefined;
  return s.first.columns.length;
}

/** `SELECT "@ROWID", … FROM (<table with row ids>) AS alias WHERE …` */
function rowsOfTarget(
  s: Update | Delete,
  catalog: Catalog,
  options: TranslateOptions,
  values: (e: Emitter) => void,
): { target: WriteTarget; rows: EmittedQuery } {
  const e = new Emitter(catalog, options);
  const what = s.kind === "update" ? "UPDATE" : "DELETE";
  const source = writeTarget(s.target, what, ["TABLES"], e, true);
  const alias = s.alias ?? source.name;
  e.withScope(
    [{ schema: source.schema, name: source.name, alias, columns: source.columns }],
    () => {
      e.write(`SELECT ${e.name(alias)}.${e.name(ROW_ID_COLUMN)}`);
      values(e);
      e.write(" FROM ");
      e.writeSource(source, alias);
      if (s.where) {
        e.write(" WHERE ");
        e.condition(s.where);
      }
    },
  );
  const columns = source.columns.filter((c) => c.name !== ROW_ID_COLUMN);
  return { target: { schema: "TABLES", name: source.name, columns }, rows: e.finished() };
}

function translateUpdate(s: Update, catalog: Catalog, options: TranslateOptions): Translation {
  const columns: string[] = [];
  const { target, rows } = rowsOfTarget(s, catalog, options, (e) => {
    const source = e.source(s.target.schema as string, s.target.name, s.target.pos, true);
    for (const set of s.set) {
      const hit = findByName(source.columns, set.column, (c) => c.name);
      if (!hit || hit.name === ROW_ID_COLUMN)
        throw new SqlError(
          `Unknown column '${set.column}' in ${qualifiedName("TABLES", source.name)}`,
          set.pos,
        );
      if (columns.includes(hit.name))
        throw new SqlError(`Column '${hit.name}' is set twice`, set.pos);
      columns.push(hit.name);
      e.write(", ");
      e.expr(set.value);
    }
  });
  return { kind: "update", target, columns, rows };
}

function translateDelete(s: Delete, catalog: Catalog, options: TranslateOptions): Translation {
  return { kind: "delete", ...rowsOfTarget(s, catalog, options, () => {}) };
}
