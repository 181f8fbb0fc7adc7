import { type SQL, type SQLWrapper, and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { builds } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import {
  allRows,
  changedRows,
  first,
  returnedRow,
  runStatement,
  sqlOf,
  tablesOf,
} from "../store.ts";

export type BuildRow = typeof builds.$inferSelect;
export type NewBuild = typeof builds.$inferInsert;

/** The store's notion of now, as the schema's defaults write it (docs/stores.md). */
const nowIso = (db: Db) => sqlOf(db).nowIso();

/** Creates a build and the instances it renders (with the version seen at creation). */
export async function insertBuild(
  db: Db,
  values: NewBuild,
  members: { instanceId: number; patternId: number; version: number }[],
): Promise<BuildRow> {
  await storeTurn(db);
  const { buildInstances, builds } = tablesOf(db);
  const build = returnedRow(await db.insert(builds).values(values).returning());
  // One statement however many members: SQLite unpacks the JSON list itself.
  const list = JSON.stringify(members.map((m) => [m.instanceId, m.patternId, m.version]));
  await runStatement(
    db,
    sql`
    insert into ${buildInstances} (build_id, instance_id, pattern_id, version)
    select ${build.id}, cast(value ->> 0 as integer), cast(value ->> 1 as integer),
      cast(value ->> 2 as integer)
    from ${sqlOf(db).jsonElements(list)}`,
  );
  return build;
}

export async function findBuild(
  db: Db,
  customerId: number,
  id: number,
): Promise<BuildRow | undefined> {
  await storeTurn(db);
  const { builds } = tablesOf(db);
  return first(
    await db
      .select()
      .from(builds)
      .where(and(eq(builds.id, id), eq(builds.customerId, customerId))),
  );
}

/** A build by id in any customer: for the runner, which works on behalf of the starter. */
export async function findBuildForRunner(db: Db, id: number): Promise<BuildRow | undefined> {
  await storeTurn(db);
  const { builds } = tablesOf(db);
  return first(await db.select().from(builds).where(eq(builds.id, id)));
}

export async function findBuildsByIds(
  db: Db,
  customerId: number,
  ids: number[],
): Promise<BuildRow[]> {
  await storeTurn(db);
  const { builds } = tablesOf(db);
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(builds)
    .where(and(eq(builds.customerId, customerId), inArray(builds.id, ids)));
}

export type BuildPatch = Partial<
  Pick<NewBuild, "progress" | "status" | "message" | "buildStart" | "buildEnd" | "mts">
>;

/** Updates a build's state; `onlyIfBuilding` keeps a cancel or a finish from being overwritten. */
export async function updateBuild(
  db: Db,
  id: number,
  patch: BuildPatch,
  options: { onlyIfBuilding?: boolean } = {},
): Promise<boolean> {
  await storeTurn(db);
  const { builds } = tablesOf(db);
  const where = options.onlyIfBuilding
    ? and(eq(builds.id, id), eq(builds.status, "BUILDING"))
    : eq(builds.id, id);
  const result = await db
    .update(builds)
    .set({ ...patch, updatedAt: nowIso(db) })
    .where(where);
  return changedRows(result) > 0;
}

/** Builds left BUILDING (for recovery at start), oldest first. */
export async function listBuildingBuildIds(db: Db): Promise<number[]> {
  await storeTurn(db);
  const { builds } = tablesOf(db);
  return (
    await db
      .select({ id: builds.id })
      .from(builds)
      .where(eq(builds.status, "BUILDING"))
      .orderBy(asc(builds.id))
  ).map((r) => r.id);
}

export interface BuildFilter extends PageRequest {
  customerId: number;
  /** One project (already permission-checked); else the projects `accessibleTo` may read. */
  projectId?: number;
  accessibleTo?: ProjectReader;
  userId?: number;
  /** The starter's name or e-mail. */
  userName?: string;
  patternId?: number;
  /** Builds started with every one of these releases. */
  releaseIds?: number[];
  status?: string;
  /** `created_at` bounds: at or after `createdFrom`, before `createdBefore` (ISO texts). */
  createdFrom?: string;
  createdBefore?: string;
}

export async function listBuilds(
  db: Db,
  f: BuildFilter,
): Promise<Page<BuildRow> | { unknownField: string }> {
  await storeTurn(db);
  const { builds, users } = tablesOf(db);
  const t = builds;
  const where: SQL[] = [
    eq(t.customerId, f.customerId),
    f.projectId !== undefined
      ? eq(t.projectId, f.projectId)
      : inArray(t.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)),
  ];
  if (f.userId !== undefined) where.push(eq(t.userId, f.userId));
  if (f.userName !== undefined) {
    const starters = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.customerId, f.customerId),
          or(eq(users.name, f.userName), eq(users.email, f.userName.toLowerCase())),
        ),
      );
    where.push(inArray(t.userId, starters));
  }
  // The lists are JSON arrays of ids (compared as JSON numbers on PostgreSQL).
  const holds = (list: SQLWrapper, id: number) => sqlOf(db).jsonListHolds(list, id);
  if (f.patternId !== undefined) where.push(holds(t.patterns, f.patternId));
  for (const releaseId of f.releaseIds ?? []) where.push(holds(t.releases, releaseId));
  if (f.status !== undefined) where.push(eq(t.status, f.status));
  if (f.createdFrom !== undefined) where.push(gte(t.createdAt, f.createdFrom));
  if (f.createdBefore !== undefined) where.push(lt(t.createdAt, f.createdBefore));
  const sortable = {
    id: t.id,
    customer_id: t.customerId,
    user_id: t.userId,
    project_id: t.projectId,
    progress: t.progress,
    status: t.status,
    message: t.message,
    build_start: t.buildStart,
    build_end: t.buildEnd,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    history_commited: t.historyCommited,
    version: t.version,
    active: t.active,
    mts: t.mts,
    name: t.name,
    deliveries_calculated: t.deliveriesCalculated,
    description: t.description,
    commit_ind: t.commitInd,
    deleted: t.deleted,
    instances: t.instances,
  };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

/** The instances of a build, by pattern then id: the order they are rendered in. */
export async function buildMembers(
  db: Db,
  buildId: number,
): Promise<{ instanceId: number; patternId: number }[]> {
  await storeTurn(db);
  const { buildInstances } = tablesOf(db);
  return await db
    .select({ instanceId: buildInstances.instanceId, patternId: buildInstances.patternId })
    .from(buildInstances)
    .where(eq(buildInstances.buildId, buildId))
    .orderBy(asc(buildInstances.patternId), asc(buildInstances.instanceId));
}

/** A build's instances as its page lists them: name, pattern, folder and the version built. */
export async function listBuildSelection(db: Db, buildId: number) {
  await storeTurn(db);
  const { buildInstances, instanceFolders, instances, patterns } = tablesOf(db);
  return await db
    .select({
      id: instances.id,
      pattern: patterns.name,
      folder: instanceFolders.path,
      name: instances.name,
      version: buildInstances.version,
    })
    .from(buildInstances)
    .innerJoin(instances, eq(instances.id, buildInstances.instanceId))
    .innerJoin(patterns, eq(patterns.id, buildInstances.patternId))
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(eq(buildInstances.buildId, buildId))
    .orderBy(asc(patterns.name), asc(instanceFolders.path), asc(instances.name));
}

/** An instance as the renderer needs it; rows stay JSON text until a worker parses them. */
export interface RenderInstanceRow {
  id: number;
  patternId: number;
  name: string;
  description: string | null;
  version: number;
  instanceFolderId: number;
  folder: string;
  release: string | null;
  labels: string[];
  /** JSON array of `[pos_no, cells]` pairs in `@POS_NO` order (parsed where rendered). */
  rowsJson: string;
}

/**
 * A chunk of instances with everything rendering reads, in one statement:
 * SQLite joins each instance's stored rows (already JSON objects) into one
 * JSON text, so no row passes through the driver or this thread one by one.
 */
export async function loadRenderInstances(db: Db, ids: number[]): Promise<RenderInstanceRow[]> {
  await storeTurn(db);
  const { instanceFolders, instanceLabels, instanceRows, instances, labels, releases } =
    tablesOf(db);
  if (ids.length === 0) return [];
  const list = JSON.stringify(ids);
  const d = sqlOf(db);
  // As SQLite answers: labels as a JSON array text, rowsJson null without rows.
  const rows = await allRows<
    Omit<RenderInstanceRow, "labels" | "rowsJson"> & { labels: string; rowsJson: string | null }
  >(
    db,
    sql`
    select i.id, i.pattern_id as "patternId", i.name, i.description, i.version,
      i.instance_folder_id as "instanceFolderId", f.path as folder, r.name as release,
      (select ${d.jsonArray(sql`l.name`, sql`l.name`)} from ${instanceLabels} il
         join ${labels} l on l.id = il.label_id where il.instance_id = i.id) as labels,
      (select '[' || ${d.joinText(sql`'[' || ir.pos_no || ',' || ir.data || ']'`, sql`order by ir.pos_no, ir.id`)} || ']'
         from ${instanceRows} ir where ir.instance_id = i.id) as "rowsJson"
    from ${instances} i
    join ${instanceFolders} f on f.id = i.instance_folder_id
    left join ${releases} r on r.id = i.release_id
    where i.id in ${d.jsonIntegers(list)}
    order by i.id`,
  );
  return rows.map((r) => ({
    ...r,
    labels: JSON.parse(r.labels) as string[],
    rowsJson: r.rowsJson ?? "[]",
  }));
}
