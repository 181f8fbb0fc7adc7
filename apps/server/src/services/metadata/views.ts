import { type CatalogColumn, findByName } from "@metabuild/contract";
import {
  type Catalog,
  SqlError,
  type Translation,
  type ViewLimits,
  qualifiedName,
  viewQuery,
  viewReads,
} from "@metabuild/core";
import {
  type CustomView,
  type Db,
  type MetadataScope,
  type ViewColumns,
  createCustomView,
  dropCustomView,
  customTablesOf,
  customViewsOf,
  listCustomViews,
  metadataCatalog,
  queryColumnNames,
  storeCustomViewColumns,
} from "@metabuild/db";
import type { WriteResult } from "./custom-table-writes.ts";

/**
 * Views of @TABLES (docs/metadata-sql.md "Views"): CREATE VIEW and DROP VIEW,
 * the one namespace views share with tables, and the columns of a view for
 * the information schema and the editor: worked out once, when the view is
 * created, inside the statement executor and its limits, and stored.
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
    // Named here, in the executor under its time limit; stored, never worked out on read.
    const names = await columnNames(t.query);
    const seen = new Set<string>();
    for (const name of names) {
      // Rows are keyed by column name: a repeated one would hide a column.
      if (seen.has(name.toUpperCase()))
        throw new SqlError(`View column '${name}' appears twice; give one an alias`);
      seen.add(name.toUpperCase());
    }
    await createCustomView(db, scope.projectId, t.name, t.definition, typed(names, t.columns));
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

/** Column names with the type the translator knows (a passed-through or CAST column), else string. */
export function typed(names: string[], known: CatalogColumn[] | undefined): CatalogColumn[] {
  return names.map((name) => ({
    name,
    type: known?.find((c) => c.name === name)?.type ?? "string",
  }));
}

/**
 * The columns of a view stored without them, as SQLite names them (`*`
 * expanded), or undefined when the view does not translate (a table under
 * it went away, or it expands past METABUILD_SQL_VIEW_MAX_EXPANDED). Only
 * ever called in the statement executor: preparing a view's query costs
 * what the view expands to. The catalog used here lists such views without
 * columns, so a view reading the information schema cannot recurse.
 */
function workedOutColumns(
  db: Db,
  catalog: Catalog,
  limits: ViewLimits,
  view: CustomView,
): CatalogColumn[] | undefined {
  try {
    const { query, columns } = viewQuery(
      { kind: "view", schema: "TABLES", name: view.name, definition: view.definition },
      catalog,
      limits,
    );
    return typed(queryColumnNames(db, query), columns);
  } catch {
    return undefined;
  }
}

/** A script's view columns in the executor: stored ones, else worked out (a view listed without them: none). */
export function viewColumns(db: Db, scope: MetadataScope, limits: ViewLimits): ViewColumns {
  const catalog = metadataCatalog(db, scope) as Catalog;
  return (view) => view.columns ?? workedOutColumns(db, catalog, limits, view) ?? [];
}

/**
 * Stores the columns of the project's views stored without them (created
 * before they were kept, or by a bundle): the statement executor's task
 * before the schema is described. A view that does not translate is kept
 * with none, as CREATE VIEW would have refused it: worked out once, not at
 * every describe (create it again to list its columns).
 */
export async function fillViewColumns(
  db: Db,
  scope: MetadataScope,
  limits: ViewLimits,
): Promise<void> {
  const catalog = metadataCatalog(db, scope) as Catalog;
  for (const view of listCustomViews(db, scope.projectId)) {
    if (view.columns) continue;
    // Kept as it goes: a fill stopped at the time limit goes on from there next time.
    await storeCustomViewColumns(db, view, workedOutColumns(db, catalog, limits, view) ?? []);
  }
}
