/**
 * The references between instances (docs/lineage.md): looking targets up by
 * pattern, folder and name, keeping the edges table (`instance_references`)
 * current, and the referencing side a rename or delete needs.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import { tablesOf } from "../store.ts";
import { containsText } from "./like.ts";

/** How many values one `in (…)` list carries: far below both stores' parameter limits. */
const IN_CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

export interface ReferenceTargetRow {
  id: number;
  patternId: number;
  folder: string;
  name: string;
  deleted: number;
}

/**
 * The project's instances of `patternIds` named one of `names`, deleted ones
 * too (a reference to one is an error, not a missing target); the caller
 * matches folders. Set-based: one query per chunk of names.
 */
export async function findReferenceTargets(
  db: Db,
  projectId: number,
  patternIds: readonly number[],
  names: readonly string[],
): Promise<ReferenceTargetRow[]> {
  if (patternIds.length === 0 || names.length === 0) return [];
  await storeTurn(db);
  const { instances, instanceFolders } = tablesOf(db);
  const found: ReferenceTargetRow[] = [];
  for (const part of chunks([...new Set(names)]))
    found.push(
      ...(await db
        .select({
          id: instances.id,
          patternId: instances.patternId,
          folder: instanceFolders.path,
          name: instances.name,
          deleted: instances.deleted,
        })
        .from(instances)
        .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
        .where(
          and(
            eq(instances.projectId, projectId),
            inArray(instances.patternId, [...patternIds]),
            inArray(instances.name, part),
          ),
        )),
    );
  return found;
}

/** The rows (JSON data texts) of several instances, for `#ROW` checks and templates. */
export async function loadRowsOfInstances(
  db: Db,
  instanceIds: readonly number[],
): Promise<{ instanceId: number; posNo: number; data: string }[]> {
  if (instanceIds.length === 0) return [];
  await storeTurn(db);
  const { instanceRows } = tablesOf(db);
  const rows: { instanceId: number; posNo: number; data: string }[] = [];
  for (const part of chunks([...new Set(instanceIds)]))
    rows.push(
      ...(await db
        .select({
          instanceId: instanceRows.instanceId,
          posNo: instanceRows.posNo,
          data: instanceRows.data,
        })
        .from(instanceRows)
        .where(inArray(instanceRows.instanceId, part))
        .orderBy(instanceRows.instanceId, instanceRows.posNo)),
    );
  return rows;
}

export interface ReferenceEdgeRow {
  property: string;
  sourcePosNo: number;
  targetInstanceId: number;
  targetRow: string | null;
}

/** Replaces the edges whose source is `sourceId` (the writer, in its transaction). */
export async function replaceInstanceReferences(
  db: Db,
  projectId: number,
  sourceId: number,
  edges: readonly ReferenceEdgeRow[],
): Promise<void> {
  await storeTurn(db);
  const { instanceReferences } = tablesOf(db);
  await db.delete(instanceReferences).where(eq(instanceReferences.sourceInstanceId, sourceId));
  for (const part of chunks(edges))
    await db
      .insert(instanceReferences)
      .values(part.map((e) => ({ projectId, sourceInstanceId: sourceId, ...e })));
}

export interface Referencer {
  sourceInstanceId: number;
  patternId: number;
  folder: string;
  name: string;
  deleted: number;
  property: string;
  sourcePosNo: number;
  targetInstanceId: number;
}

/** Every reference to one of `targetIds`, with the referencing instance's place. */
export async function listReferencesTo(
  db: Db,
  targetIds: readonly number[],
): Promise<Referencer[]> {
  if (targetIds.length === 0) return [];
  await storeTurn(db);
  const { instanceReferences: r, instances, instanceFolders } = tablesOf(db);
  const found: Referencer[] = [];
  for (const part of chunks([...new Set(targetIds)]))
    found.push(
      ...(await db
        .select({
          sourceInstanceId: r.sourceInstanceId,
          patternId: instances.patternId,
          folder: instanceFolders.path,
          name: instances.name,
          deleted: instances.deleted,
          property: r.property,
          sourcePosNo: r.sourcePosNo,
          targetInstanceId: r.targetInstanceId,
        })
        .from(r)
        .innerJoin(instances, eq(instances.id, r.sourceInstanceId))
        .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
        .where(inArray(r.targetInstanceId, part))
        .orderBy(r.sourceInstanceId, r.sourcePosNo)),
    );
  return found;
}

/** One stored row of an instance by its `@POS_NO`. */
export async function findRowAt(
  db: Db,
  instanceId: number,
  posNo: number,
): Promise<{ id: number; data: string } | undefined> {
  await storeTurn(db);
  const { instanceRows } = tablesOf(db);
  const [row] = await db
    .select({ id: instanceRows.id, data: instanceRows.data })
    .from(instanceRows)
    .where(and(eq(instanceRows.instanceId, instanceId), eq(instanceRows.posNo, posNo)));
  return row;
}

/** Rewrites one stored row's cells in place (a reference kept current, docs/lineage.md). */
export async function updateRowData(db: Db, rowId: number, data: string): Promise<void> {
  await storeTurn(db);
  const { instanceRows } = tablesOf(db);
  await db.update(instanceRows).set({ data }).where(eq(instanceRows.id, rowId));
}

/** Where instances live and what they are checked by: for revalidating referencing instances. */
export async function findInstancePlaces(
  db: Db,
  ids: readonly number[],
): Promise<
  { id: number; customerId: number; projectId: number; patternId: number; validation: string }[]
> {
  if (ids.length === 0) return [];
  await storeTurn(db);
  const { instances } = tablesOf(db);
  const found = [];
  for (const part of chunks([...new Set(ids)]))
    found.push(
      ...(await db
        .select({
          id: instances.id,
          customerId: instances.customerId,
          projectId: instances.projectId,
          patternId: instances.patternId,
          validation: instances.validation,
        })
        .from(instances)
        .where(inArray(instances.id, part))),
    );
  return found;
}

/** Instances' current folder paths and names. */
export async function findInstancePaths(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; folder: string; name: string }[]> {
  if (ids.length === 0) return [];
  await storeTurn(db);
  const { instances, instanceFolders } = tablesOf(db);
  const found: { id: number; folder: string; name: string }[] = [];
  for (const part of chunks([...new Set(ids)]))
    found.push(
      ...(await db
        .select({ id: instances.id, folder: instanceFolders.path, name: instances.name })
        .from(instances)
        .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
        .where(inArray(instances.id, part))),
    );
  return found;
}

/** The references of several source instances (a build chunk), in row order. */
export async function listReferencesFrom(
  db: Db,
  sourceIds: readonly number[],
): Promise<
  {
    sourceInstanceId: number;
    property: string;
    sourcePosNo: number;
    targetInstanceId: number;
    targetRow: string | null;
  }[]
> {
  if (sourceIds.length === 0) return [];
  await storeTurn(db);
  const { instanceReferences: r } = tablesOf(db);
  const found = [];
  for (const part of chunks([...new Set(sourceIds)]))
    found.push(
      ...(await db
        .select({
          sourceInstanceId: r.sourceInstanceId,
          property: r.property,
          sourcePosNo: r.sourcePosNo,
          targetInstanceId: r.targetInstanceId,
          targetRow: r.targetRow,
        })
        .from(r)
        .where(inArray(r.sourceInstanceId, part))
        .orderBy(r.sourceInstanceId, r.sourcePosNo)),
    );
  return found;
}

/** The project's live instances of `patternIds` whose name holds `text`, by path, at most `limit`. */
export async function searchReferenceTargets(
  db: Db,
  projectId: number,
  patternIds: readonly number[],
  text: string,
  limit: number,
): Promise<ReferenceTargetRow[]> {
  if (patternIds.length === 0) return [];
  await storeTurn(db);
  const { instances, instanceFolders } = tablesOf(db);
  return await db
    .select({
      id: instances.id,
      patternId: instances.patternId,
      folder: instanceFolders.path,
      name: instances.name,
      deleted: instances.deleted,
    })
    .from(instances)
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(
      and(
        eq(instances.projectId, projectId),
        eq(instances.deleted, 0),
        inArray(instances.patternId, [...patternIds]),
        text === "" ? undefined : containsText(db, instances.name, text),
      ),
    )
    .orderBy(instanceFolders.path, instances.name)
    .limit(limit);
}
