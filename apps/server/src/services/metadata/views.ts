import { type CatalogColumn, findByName } from "@metabuild/contract";
import { SqlError, type Translation, qualifiedName, viewQuery, viewReads } from "@metabuild/core";
import {
  type CustomView,
  type Db,
  type MetadataScope,
  type ViewColumns,
  createCustomView,
  dropCustomView,
  customTablesOf,
  customViewsOf,
  metadataCatalog,
  queryColumnNames,
} from "@metabuild/db";
import type { WriteResult } from "./custom-table-writes.ts";

/**
 * Views of @TABLES (docs/metadata-sql.md "Views"): CREATE VIEW and DROP VIEW,
 * the one namespace views share with tables, and the columns of a view for
 * the information schema and the editor.
 */

type ViewWrite = Extract<Translation, { kind: "create_view" | "drop_view" }>;

const NOTHING: WriteResult = { columns: [], rows: [], truncated: false };

export async function viewNamed(
  db: Db,
  scope: MetadataScope,
  name: string,
): Promise<CustomView | undefined> {
  return findByName(await customViewsOf(db, scope.projectId), name, (v) => v.name);
}

export async function nameTaken(db: Db, scope: MetadataScope, name: string): Promise<boolean> {
  const tables = await customTablesOf(db, scope.projectId);
  return (
    findByName(tables, name, (t) => t.name) !== undefined || !!(await viewNamed(db, scope, name))
  );
}

/** A table or view may not take a name the other kind holds (ASCII case-insensitive). */
export async function refuseTakenName(db: Db, scope: MetadataScope, name: string): Promise<void> {
  const table = findByName(await customTablesOf(db, scope.projectId), name, (t) => t.name);
  if (table) throw new SqlError(`Table '${qualifiedName("TABLES", table.name)}' already exists`);
  const view = await viewNamed(db, scope, name);
  if (view) throw new SqlError(`View '${qualifiedName("TABLES", view.name)}' already exists`);
}

/**
 * A table or view another view reads cannot be dropped: the view would
 * break at its next use. Drop (or re-create) the dependant first.
 */
export async function refuseDependants(db: Db, scope: MetadataScope, name: string): Promise<void> {
  const user = (await customViewsOf(db, scope.projectId)).find(
    (v) => v.name !== name && viewReads(v.definition, name),
  );
  if (user)
    throw new SqlError(
      `Cannot drop ${qualifiedName("TABLES", name)}: view ${qualifiedName("TABLES", user.name)} uses it; drop or change that view first`,
    );
}

/** A query's result column names (SQLite: queryColumnNames; PostgreSQL: the runner's). */
export type ColumnNames = (query: { sql: string; params: unknown[] }) => Promise<string[]>;

export async function writeView(
  db: Db,
  t: ViewWrite,
  scope: MetadataScope,
  columnNames: ColumnNames = async (q) => queryColumnNames(db, q),
): Promise<WriteResult> {
  if (t.kind === "create_view") {
    // As in SQLite, IF NOT EXISTS is satisfied by a table of that name too.
    if (t.ifNotExists && (await nameTaken(db, scope, t.name))) return NOTHING;
    await refuseTakenName(db, scope, t.name);
    const seen = new Set<string>();
    for (const name of await columnNames(t.query)) {
      // Rows are keyed by column name: a repeated one would hide a column.
      if (seen.has(name.toUpperCase()))
        throw new SqlError(`View column '${name}' appears twice; give one an alias`);
      seen.add(name.toUpperCase());
    }
    await createCustomView(db, scope.projectId, t.name, t.definition);
    return NOTHING;
  }
  const view = await viewNamed(db, scope, t.name);
  if (!view) {
    const table = findByName(await customTablesOf(db, scope.projectId), t.name, (x) => x.name);
    if (table)
      throw new SqlError(`'${qualifiedName("TABLES", table.name)}' is a table: use DROP TABLE`);
    if (t.ifExists) return NOTHING;
    throw new SqlError(`Unknown view '${qualifiedName("TABLES", t.name)}'`);
  }
  await refuseDependants(db, scope, view.name);
  await dropCustomView(db, view.id);
  return NOTHING;
}

/**
 * The columns of a view as SQLite names them (`*` expanded), typed where the
 * translator knows the type. The catalog used here lists views without
 * columns, so a view reading the information schema cannot recurse.
 */
export function viewColumns(db: Db, scope: MetadataScope, viewDepth: number): ViewColumns {
  return (view) => {
    try {
      const { query, columns } = viewQuery(
        { kind: "view", schema: "TABLES", name: view.name, definition: view.definition },
        metadataCatalog(db, scope),
        { viewDepth },
      );
      return queryColumnNames(db, query).map(
        (name): CatalogColumn => ({
          name,
          type: columns?.find((c) => c.name === name)?.type ?? "string",
        }),
      );
    } catch {
      // A view that no longer translates (a table under it went away) shows no columns.
      return [];
    }
  };
}
