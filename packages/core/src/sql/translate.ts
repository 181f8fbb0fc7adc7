import type { Delete, Insert, Select, Statement, TableName, Update } from "./ast.ts";
import {
  type Catalog,
  type CatalogColumn,
  type CustomColumn,
  ROW_ID_COLUMN,
  type SchemaName,
  findByName,
  qualifiedName,
  schemaOf,
} from "./catalog.ts";
import { checkCustomName, customColumns } from "./custom-tables.ts";
import { type EmittedQuery, Emitter, quoteName } from "./emitter.ts";
import { SqlError } from "./sql-error.ts";

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
  | { kind: "drop_table"; name: string; ifExists: boolean };

export function translate(statement: Statement, catalog: Catalog): Translation {
  switch (statement.kind) {
    case "select": {
      const e = new Emitter(catalog);
      e.select(statement);
      return { kind: "select", query: e.result() };
    }
    case "insert":
      return translateInsert(statement, catalog);
    case "update":
      return translateUpdate(statement, catalog);
    case "delete":
      return translateDelete(statement, catalog);
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
  return emitter.source(t.schema as string, t.name, t.pos, rowId);
}

function translateInsert(s: Insert, catalog: Catalog): Translation {
  const e = new Emitter(catalog);
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
  const rows = new Emitter(catalog);
  rows.select(s.source);
  return {
    kind: "insert",
    target: {
      schema: source.schema as WriteTarget["schema"],
      name: source.name,
      columns: source.columns,
    },
    columns,
    rows: rows.result(),
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
  values: (e: Emitter) => void,
): { target: WriteTarget; rows: EmittedQuery } {
  const e = new Emitter(catalog);
  const what = s.kind === "update" ? "UPDATE" : "DELETE";
  const source = writeTarget(s.target, what, ["TABLES"], e, true);
  const alias = s.alias ?? source.name;
  e.withScope(
    [{ schema: source.schema, name: source.name, alias, columns: source.columns }],
    () => {
      e.write(`SELECT ${quoteName(alias)}.${quoteName(ROW_ID_COLUMN)}`);
      values(e);
      e.write(" FROM ");
      e.writeSource(source, alias);
      if (s.where) {
        e.write(" WHERE ");
        e.expr(s.where);
      }
    },
  );
  const columns = source.columns.filter((c) => c.name !== ROW_ID_COLUMN);
  return { target: { schema: "TABLES", name: source.name, columns }, rows: e.result() };
}

function translateUpdate(s: Update, catalog: Catalog): Translation {
  const columns: string[] = [];
  const { target, rows } = rowsOfTarget(s, catalog, (e) => {
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

function translateDelete(s: Delete, catalog: Catalog): Translation {
  return { kind: "delete", ...rowsOfTarget(s, catalog, () => {}) };
}
