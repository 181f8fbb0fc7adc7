import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { isPostgres, tablesOf, returnedRow } from "../store.ts";

/** A view of `@TABLES` as stored: its name and the dialect text of its SELECT. */
export interface CustomView {
  id: number;
  name: string;
  definition: string;
}

export function listCustomViews(db: Db, projectId: number): CustomView[] {
  const { customViews } = tablesOf(db);
  return prepared(db, "metadata:custom-views", () =>
    db
      .select({ id: customViews.id, name: customViews.name, definition: customViews.definition })
      .from(customViews)
      .where(eq(customViews.projectId, sql.placeholder("projectId")))
      .orderBy(asc(customViews.name))
      .prepare(),
  ).all({ projectId });
}

/** The project's views on either store (listCustomViews: SQLite's synchronous form, for the catalog). */
export async function customViewsOf(db: Db, projectId: number): Promise<CustomView[]> {
  if (!isPostgres(db)) return listCustomViews(db, projectId);
  const { customViews } = tablesOf(db);
  return await db
    .select({ id: customViews.id, name: customViews.name, definition: customViews.definition })
    .from(customViews)
    .where(eq(customViews.projectId, projectId))
    .orderBy(sql`${customViews.name} collate "C"`);
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

export async function createCustomView(
  db: Db,
  projectId: number,
  name: string,
  definition: string,
): Promise<CustomView> {
  await storeTurn(db);
  const { customViews } = tablesOf(db);
  return returnedRow(
    await db.insert(customViews).values({ projectId, name, definition }).returning({
      id: customViews.id,
      name: customViews.name,
      definition: customViews.definition,
    }),
  );
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
