import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instanceFolders, instances, variableOverrides } from "../schema/index.ts";
import type { FolderRow } from "./folders.ts";

/**
 * Folder writes of the console (docs/folders-and-projects.md). Folders keep
 * their ids when they move, so what refers to them by id (instances,
 * folder-level variable values) moves with them.
 */

/** A folder by id (the caller resolved and checked its project). */
export function findFolderById(db: Db, id: number): FolderRow | undefined {
  return db.select().from(instanceFolders).where(eq(instanceFolders.id, id)).get();
}

/** A project's folder by normalised path. */
export function findFolderByPath(db: Db, projectId: number, path: string): FolderRow | undefined {
  return db
    .select()
    .from(instanceFolders)
    .where(and(eq(instanceFolders.projectId, projectId), eq(instanceFolders.path, path)))
    .get();
}

/** The folder at `path` and every folder below it, parents before children. */
export function listFolderSubtree(db: Db, projectId: number, path: string): FolderRow[] {
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
export function listInstancesInFolders(db: Db, folderIds: readonly number[]) {
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
export function updateFolderPlace(
  db: Db,
  id: number,
  place: { path: string; name?: string; parentId?: number | null },
): void {
  db.update(instanceFolders).set(place).where(eq(instanceFolders.id, id)).run();
}

/** How much a folder holds: its direct subfolders and instances (deleted ones too). */
export function folderHoldings(db: Db, id: number): { folders: number; instances: number } {
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
export function deleteEmptyFolder(db: Db, id: number): number {
  const values = db
    .delete(variableOverrides)
    .where(
      and(eq(variableOverrides.instanceFolderId, id), sql`${variableOverrides.instanceId} is null`),
    )
    .run().changes;
  db.delete(instanceFolders).where(eq(instanceFolders.id, id)).run();
  return values;
}
