import type { CatalogColumn } from "@metabuild/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { isPostgres, tablesOf, returnedRow } from "../store.ts";

/**
 * A view of `@TABLES` as stored: its name, the dialect text of its SELECT and
 * its result columns, worked out when it was created (null: stored without
 * them, docs/metadata-sql.md "Views").
 */
export interface CustomView {
  id: number;
  name: string;
  definition: string;
  columns: CatalogColumn[] | null;
}

type StoredView = Omit<CustomView, "columns"> & { columns: string | null };

/** The stored JSON of a view's columns; anything unreadable counts as not stored. */
export function viewColumnsOf(stored: string | null): CatalogColumn[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as CatalogColumn[]) : null;
  } catch {
    return null;
  }
}

const asView = (v: StoredView): CustomView => ({ ...v, columns: viewColumnsOf(v.columns) });

function viewFields(db: Db) {
  const { customViews } = tablesOf(db);
  return {
    id: customViews.id,
    name: customViews.name,
    definition: customViews.definition,
    columns: customViews.columns,
  };
}

export function listCustomViews(db: Db, projectId: number): CustomView[] {
  const { customViews } = tablesOf(db);
  return prepared(db, "metadata:custom-views", () =>
    db
      .select(viewFields(db))
      .from(customViews)
      .where(eq(customViews.projectId, sql.placeholder("projectId")))
      .orderBy(asc(customViews.name))
      .prepare(),
  )
    .all({ projectId })
    .map(asView);
}

/** The project's views on either store (listCustomViews: SQLite's synchronous form, for the catalog). */
export async function customViewsOf(db: Db, projectId: number): Promise<CustomView[]> {
  if (!isPostgres(db)) return listCustomViews(db, projectId);
  const { customViews } = tablesOf(db);
  const rows = await db
    .select(viewFields(db))
    .from(customViews)
    .where(eq(customViews.projectId, projectId))
    .orderBy(sql`${customViews.name} collate "C"`);
  return rows.map(asView);
}

/** The project's view of that name (ASCII case-insensitive, like every `@TABLES` name). */
export async function findCustomView(
  db: Db,
  projectId: number,
  name: string,
): Promise<CustomView | undefined> {
  await storeTurn(db);
  const upper = name.toUpperCase();
  return (await customViewsOf(db, projectId)).find((v) => v.name.toUpperCase() === upper);
}

/** Stores a view with the columns its creation worked out (docs/metadata-sql.md "Views"). */
export async function createCustomView(
  db: Db,
  projectId: number,
  name: string,
  definition: string,
  columns: CatalogColumn[],
): Promise<CustomView> {
  await storeTurn(db);
  const { customViews } = tablesOf(db);
  return asView(
    returnedRow(
      await db
        .insert(customViews)
        .values({ projectId, name, definition, columns: JSON.stringify(columns) })
        .returning(viewFields(db)),
    ),
  );
}

/** Keeps the columns of a view stored without them, unless its text changed meanwhile. */
export async function storeCustomViewColumns(
  db: Db,
  view: Pick<CustomView, "id" | "definition">,
  columns: CatalogColumn[],
): Promise<void> {
  await storeTurn(db);
  const { customViews } = tablesOf(db);
  await db
    .update(customViews)
    .set({ columns: JSON.stringify(columns) })
    .where(and(eq(customViews.id, view.id), eq(customViews.definition, view.definition)));
}

export async function dropCustomView(db: Db, viewId: number): Promise<void> {
  await storeTurn(db);
  const { customViews } = tablesOf(db);
  await db.delete(customViews).where(eq(customViews.id, viewId));
}

/** The names of a prepared query's result columns, as SQLite names them (`*` expanded). */
export function queryColumnNames(db: Db, query: { sql: string }): string[] {
  return db.$client
    .prepare(query.sql)
    .columns()
    .map((c) => c.name);
}
