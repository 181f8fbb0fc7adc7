import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { FolderRow } from "./folders.ts";
import { storeTurn } from "../client.ts";
import { changedRows, first, tablesOf } from "../store.ts";

/**
 * Folder writes of the console (docs/folders-and-projects.md). Folders keep
 * their ids when they move, so what refers to them by id (instances,
 * folder-level variable values) moves with them.
 */

/** A folder by id (the caller resolved and checked its project). */
export async function findFolderById(db: Db, id: number): Promise<FolderRow | undefined> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return first(await db.select().from(instanceFolders).where(eq(instanceFolders.id, id)));
}

/** A project's folder by normalised path. */
export async function findFolderByPath(
  db: Db,
  projectId: number,
  path: string,
): Promise<FolderRow | undefined> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return first(
    await db
      .select()
      .from(instanceFolders)
      .where(and(eq(instanceFolders.projectId, projectId), eq(instanceFolders.path, path))),
  );
}

/** The folder at `path` and every folder below it, parents before children. */
export async function listFolderSubtree(
  db: Db,
  projectId: number,
  path: string,
): Promise<FolderRow[]> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  const t = instanceFolders;
  // A prefix compare, not LIKE: folder names may hold `%` and `_`.
  const below = sql`substr(${t.path}, 1, ${path.length + 1}) = ${`${path}/`}`;
  return await db
    .select()
    .from(t)
    .where(and(eq(t.projectId, projectId), or(eq(t.path, path), below)))
    .orderBy(sql`length(${t.path})`, t.path);
}

/** The instances (deleted ones too) filed in the given folders, with what a write finds them by. */
export async function listInstancesInFolders(db: Db, folderIds: readonly number[]) {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  if (folderIds.length === 0) return [];
  return await db
    .select({
      id: instances.id,
      projectId: instances.projectId,
      patternId: instances.patternId,
      instanceFolderId: instances.instanceFolderId,
      name: instances.name,
      version: instances.version,
    })
    .from(instances)
    .where(inArray(instances.instanceFolderId, [...folderIds]))
    .orderBy(instances.id);
}

/** Gives a folder a new path (and for the moved folder itself, name and parent). */
export async function updateFolderPlace(
  db: Db,
  id: number,
  place: { path: string; name?: string; parentId?: number | null },
): Promise<void> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  await db.update(instanceFolders).set(place).where(eq(instanceFolders.id, id));
}

/** How much a folder holds: its direct subfolders and instances (deleted ones too). */
export async function folderHoldings(
  db: Db,
  id: number,
): Promise<{ folders: number; instances: number }> {
  await storeTurn(db);
  const { instanceFolders, instances } = tablesOf(db);
  const folders =
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(instanceFolders)
        .where(eq(instanceFolders.parentId, id)),
    )?.n ?? 0;
  const held =
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(instances)
        .where(eq(instances.instanceFolderId, id)),
    )?.n ?? 0;
  return { folders, instances: held };
}

/** Removes an empty folder and the variable values set at it; answers how many values went. */
export async function deleteEmptyFolder(db: Db, id: number): Promise<number> {
  await storeTurn(db);
  const { instanceFolders, variableOverrides } = tablesOf(db);
  const values = changedRows(
    await db
      .delete(variableOverrides)
      .where(
        and(
          eq(variableOverrides.instanceFolderId, id),
          sql`${variableOverrides.instanceId} is null`,
        ),
      ),
  );
  await db.delete(instanceFolders).where(eq(instanceFolders.id, id));
  return values;
}
