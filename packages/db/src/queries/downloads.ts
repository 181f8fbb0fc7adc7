import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { downloads, storedFiles } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf, returnedRow } from "../store.ts";

export type DownloadRow = typeof downloads.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;

/** Records a file put into the file store. */
export async function insertStoredFile(
  db: Db,
  values: typeof storedFiles.$inferInsert,
): Promise<StoredFileRow> {
  await storeTurn(db);
  const { storedFiles } = tablesOf(db);
  return returnedRow(await db.insert(storedFiles).values(values).returning());
}

export async function findStoredFile(db: Db, id: number): Promise<StoredFileRow | undefined> {
  await storeTurn(db);
  const { storedFiles } = tablesOf(db);
  return first(await db.select().from(storedFiles).where(eq(storedFiles.id, id)));
}

export async function insertDownload(
  db: Db,
  values: typeof downloads.$inferInsert,
): Promise<DownloadRow> {
  await storeTurn(db);
  const { downloads } = tablesOf(db);
  return returnedRow(await db.insert(downloads).values(values).returning());
}

export async function findDownload(
  db: Db,
  customerId: number,
  id: number,
): Promise<DownloadRow | undefined> {
  await storeTurn(db);
  const { downloads } = tablesOf(db);
  return first(
    await db
      .select()
      .from(downloads)
      .where(and(eq(downloads.id, id), eq(downloads.customerId, customerId))),
  );
}

/** Counts one more fetch of the file. */
export async function countDownload(db: Db, id: number): Promise<void> {
  await storeTurn(db);
  const { downloads } = tablesOf(db);
  await db
    .update(downloads)
    .set({ downloaded: sql`${downloads.downloaded} + 1` })
    .where(eq(downloads.id, id));
}

export interface DownloadFilter extends PageRequest {
  customerId: number;
  /** Only downloads of projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  buildId?: number;
  patternId?: number;
  patternName?: string;
}

export async function listDownloads(
  db: Db,
  f: DownloadFilter,
): Promise<Page<DownloadRow> | { unknownField: string }> {
  await storeTurn(db);
  const { downloads, patterns } = tablesOf(db);
  const t = downloads;
  const where: SQL[] = [
    eq(t.customerId, f.customerId),
    inArray(t.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)),
  ];
  if (f.buildId !== undefined) where.push(eq(t.buildId, f.buildId));
  if (f.patternId !== undefined) where.push(eq(t.patternId, f.patternId));
  if (f.patternName !== undefined)
    where.push(
      inArray(
        t.patternId,
        db
          .select({ id: patterns.id })
          .from(patterns)
          .where(and(eq(patterns.customerId, f.customerId), eq(patterns.name, f.patternName))),
      ),
    );
  const sortable = {
    id: t.id,
    customer_id: t.customerId,
    pattern_id: t.patternId,
    name: t.name,
    file_name: t.fileName,
    type: t.type,
    build_id: t.buildId,
    project_id: t.projectId,
    version: t.version,
    upload_id: t.uploadId,
    file_id: t.fileId,
    downloaded: t.downloaded,
    instance_id: t.instanceId,
  };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

/** The downloads of some builds with their pattern names (the form embedded in a build). */
export async function downloadsOfBuilds(
  db: Db,
  buildIds: number[],
): Promise<(DownloadRow & { pattern: string })[]> {
  await storeTurn(db);
  const { downloads, patterns } = tablesOf(db);
  if (buildIds.length === 0) return [];
  return (
    await db
      .select({ download: downloads, pattern: patterns.name })
      .from(downloads)
      .innerJoin(patterns, eq(patterns.id, downloads.patternId))
      .where(inArray(downloads.buildId, buildIds))
      .orderBy(asc(downloads.buildId), asc(downloads.id))
  ).map((r) => ({ ...r.download, pattern: r.pattern }));
}
