import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instanceFolders, instances, variableOverrides } from "../schema/index.ts";
import type { FolderRow } from "./folders.ts";
import { storeTurn } from "../client.ts";

/**
 * Folder writes of the console (docs/folders-and-projects.md). Folders keep
 * their ids when they move, so what refers to them by id (instances,
 * folder-level variable values) moves with them.
 */

/** A folder by id (the caller resolved and checked its project). */
export async function findFolderById(db: Db, id: number): Promise<FolderRow | undefined> {
  await storeTurn(db);
  return db.select().from(instanceFolders).where(eq(instanceFolders.id, id)).get();
}

/** A project's folder by normalised path. */
export async function findFolderByPath(
  db: Db,
  projectId: number,
  path: string,
): Promise<FolderRow | undefined> {
  await storeTurn(db);
  return db
    .select()
    .from(instanceFolders)
    .where(and(eq(instanceFolders.projectId, projectId), eq(instanceFolders.path, path)))
    .get();
}

/** The folder at `path` and every folder below it, parents before children. */
export async function listFolderSubtree(
  db: Db,
  projectId: number,
  path: string,
): Promise<FolderRow[]> {
  await storeTurn(db);
  const t = instanceFolders;
  // A prefix compare, not LIKE: folder names may hold `%` and `_`.
  const below = sql`substr(${t.path}, 1, ${path.length + 1}) = ${`${path}/`}`;
  return db
    .select()
    .from(t)
    .where(and(eq(t.projectId, projectId), or(eq(t.path, path), below)))
    .orderBy(sql`length(${t.path})`, t.path)
    .all();
}

/** The instances (deleted ones too) filed in the given folders, with what a write finds them by. */
export async function listInstancesInFolders(db: Db, folderIds: readonly number[]) {
  await storeTurn(db);
  if (folderIds.length === 0) return [];
  return db
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
    .orderBy(instances.id)
    .all();
}

/** Gives a folder a new path (and for the moved folder itself, name and parent). */
export async function updateFolderPlace(
  db: Db,
  id: number,
  place: { path: string; name?: string; parentId?: number | null },
): Promise<void> {
  await storeTurn(db);
  db.update(instanceFolders).set(place).where(eq(instanceFolders.id, id)).run();
}

/** How much a folder holds: its direct subfolders and instances (deleted ones too). */
export async function folderHoldings(
  db: Db,
  id: number,
): Promise<{ folders: number; instances: number }> {
  await storeTurn(db);
  const folders =
    db
      .select({ n: sql<number>`count(*)` })
      .from(instanceFolders)
      .where(eq(instanceFolders.parentId, id))
      .get()?.n ?? 0;
  const held =
    db
      .select({ n: sql<number>`count(*)` })
      .from(instances)
      .where(eq(instances.instanceFolderId, id))
      .get()?.n ?? 0;
  return { folders, instances: held };
}

/** Removes an empty folder and the variable values set at it; answers how many values went. */
export async function deleteEmptyFolder(db: Db, id: number): Promise<number> {
  await storeTurn(db);
  const values = db
    .delete(variableOverrides)
    .where(
      and(eq(variableOverrides.instanceFolderId, id), sql`${variableOverrides.instanceId} is null`),
    )
    .run().changes;
  db.delete(instanceFolders).where(eq(instanceFolders.id, id)).run();
  return values;
}
