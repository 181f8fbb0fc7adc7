import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  commits,
  instanceFolders,
  instanceLabels,
  instanceRows,
  instances,
  labels,
  projects,
  releaseGroups,
  releases,
} from "../schema/index.ts";

/** Every statement behind InstanceWriter (apps/server/src/services/instance-writer.ts). */

export type InstanceRecord = typeof instances.$inferSelect;
export type InstanceFolderRow = typeof instanceFolders.$inferSelect;

export function findFolderIdByPath(db: Db, projectId: number, path: string): number | undefined {
  return db
    .select({ id: instanceFolders.id })
    .from(instanceFolders)
    .where(and(eq(instanceFolders.projectId, projectId), eq(instanceFolders.path, path)))
    .get()?.id;
}

/**
 * The folder at `segments` (root for none), creating it and any missing
 * parents. The root has the path `/` and an empty name.
 */
export function ensureFolder(db: Db, projectId: number, segments: readonly string[]): number {
  let parentId: number | null = null;
  let path = "/";
  for (let depth = 0; depth <= segments.length; depth++) {
    const name = depth === 0 ? "" : (segments[depth - 1] as string);
    if (depth > 0) path = `${path === "/" ? "" : path}/${name}`;
    const found = findFolderIdByPath(db, projectId, path);
    parentId =
      found ??
      db
        .insert(instanceFolders)
        .values({ projectId, parentId, name, path })
        .returning({ id: instanceFolders.id })
        .get().id;
  }
  return parentId as number;
}

export function findInstanceByKey(
  db: Db,
  key: { projectId: number; patternId: number; instanceFolderId: number; name: string },
): InstanceRecord | undefined {
  return db
    .select()
    .from(instances)
    .where(
      and(
        eq(instances.projectId, key.projectId),
        eq(instances.patternId, key.patternId),
        eq(instances.instanceFolderId, key.instanceFolderId),
        eq(instances.name, key.name),
      ),
    )
    .get();
}

export function findReleaseIdInGroup(
  db: Db,
  releaseGroupId: number,
  name: string,
): number | undefined {
  return db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.releaseGroupId, releaseGroupId), eq(releases.name, name)))
    .get()?.id;
}

/** The stored rows of an instance in `pos_no` order, as their cell objects. */
export function loadRowCells(db: Db, instanceId: number): Record<string, string | null>[] {
  return db
    .select({ data: instanceRows.data })
    .from(instanceRows)
    .where(eq(instanceRows.instanceId, instanceId))
    .orderBy(asc(instanceRows.posNo), asc(instanceRows.id))
    .all()
    .map((r) => JSON.parse(r.data) as Record<string, string | null>);
}

/** Replaces an instance's rows; `pos_no` is 1..n in the given order. */
export function replaceRows(
  db: Db,
  instanceId: number,
  rows: readonly Record<string, string | null>[],
): void {
  db.delete(instanceRows).where(eq(instanceRows.instanceId, instanceId)).run();
  if (rows.length === 0) return;
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < rows.length; i += 200) {
    db.insert(instanceRows)
      .values(
        rows
          .slice(i, i + 200)
          .map((data, j) => ({ instanceId, posNo: i + j + 1, data: JSON.stringify(data) })),
      )
      .run();
  }
}

export function labelNamesOf(db: Db, instanceId: number): string[] {
  return db
    .select({ name: labels.name })
    .from(instanceLabels)
    .innerJoin(labels, eq(labels.id, instanceLabels.labelId))
    .where(eq(instanceLabels.instanceId, instanceId))
    .orderBy(asc(labels.name))
    .all()
    .map((r) => r.name);
}

/** Sets an instance's labels to exactly `names`, creating project labels on demand. */
export function replaceLabels(
  db: Db,
  projectId: number,
  instanceId: number,
  names: readonly string[],
): void {
  db.delete(instanceLabels).where(eq(instanceLabels.instanceId, instanceId)).run();
  if (names.length === 0) return;
  db.insert(labels)
    .values(names.map((name) => ({ projectId, name })))
    .onConflictDoNothing()
    .run();
  const ids = db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectId, projectId), inArray(labels.name, [...names])))
    .all();
  db.insert(instanceLabels)
    .values(ids.map((l) => ({ instanceId, labelId: l.id })))
    .run();
}

export type NewInstance = typeof instances.$inferInsert;

export function insertInstance(db: Db, values: NewInstance): InstanceRecord {
  const row = db.insert(instances).values(values).returning().get();
  // The identity is the first id, stable across versions.
  db.update(instances).set({ identityId: row.id }).where(eq(instances.id, row.id)).run();
  return { ...row, identityId: row.id };
}

export function updateInstance(db: Db, id: number, values: Partial<NewInstance>): void {
  db.update(instances).set(values).where(eq(instances.id, id)).run();
}

export function insertCommit(db: Db, values: typeof commits.$inferInsert): number {
  return db.insert(commits).values(values).returning({ id: commits.id }).get().id;
}

/**
 * Sets (or with null clears) who holds an instance checked out, and since
 * when. Giving the current holder again keeps the original time.
 */
export function setCheckout(
  db: Db,
  instanceId: number,
  holder: { userId: number; at: string } | null,
): void {
  const userId = holder?.userId ?? null;
  db.update(instances)
    .set({ checkedOutByUserId: userId, checkedOutAt: holder?.at ?? null })
    .where(and(eq(instances.id, instanceId), sql`${instances.checkedOutByUserId} is not ${userId}`))
    .run();
}

export function findProjectCustomerId(db: Db, projectId: number): number | undefined {
  return db
    .select({ customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .get()?.customerId;
}

export function findReleaseGroupName(db: Db, releaseGroupId: number): string | undefined {
  return db
    .select({ name: releaseGroups.name })
    .from(releaseGroups)
    .where(eq(releaseGroups.id, releaseGroupId))
    .get()?.name;
}
