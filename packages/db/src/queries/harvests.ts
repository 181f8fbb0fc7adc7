import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { harvestRuns, harvestSchedules } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import {
  appendAgentRunLog,
  finishAgentRun,
  markAgentRunRunning,
  unfinishedAgentRuns,
} from "./agent-runs.ts";
import { changedRows, first, returnedRow, tablesOf } from "../store.ts";

/** Harvest runs and schedules (docs/harvesting.md). */

export type HarvestRunRow = typeof harvestRuns.$inferSelect;
export type HarvestScheduleRow = typeof harvestSchedules.$inferSelect;

const runsOf = (db: Db) => tablesOf(db).harvestRuns;
const schedulesOf = (db: Db) => tablesOf(db).harvestSchedules;

export async function insertHarvestRun(
  db: Db,
  values: typeof harvestRuns.$inferInsert,
): Promise<HarvestRunRow> {
  await storeTurn(db);
  const r = runsOf(db);
  return returnedRow(await db.insert(r).values(values).returning());
}

export async function findHarvestRun(
  db: Db,
  customerId: number,
  id: number,
): Promise<HarvestRunRow | undefined> {
  await storeTurn(db);
  const r = runsOf(db);
  return first(
    await db
      .select()
      .from(r)
      .where(and(eq(r.id, id), eq(r.customerId, customerId))),
  );
}

export interface HarvestRunFilter extends PageRequest {
  customerId: number;
  /** Only runs in projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  projectId?: number;
  scheduleId?: number;
}

export async function listHarvestRuns(
  db: Db,
  f: HarvestRunFilter,
): Promise<Page<HarvestRunRow> | { unknownField: string }> {
  await storeTurn(db);
  const r = runsOf(db);
  const where: SQL[] = [eq(r.customerId, f.customerId)];
  if (f.projectId !== undefined) where.push(eq(r.projectId, f.projectId));
  if (f.scheduleId !== undefined) where.push(eq(r.scheduleId, f.scheduleId));
  if (f.accessibleTo !== undefined)
    where.push(inArray(r.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)));
  const sortable = {
    id: r.id,
    status: r.status,
    source: r.source,
    created_at: r.createdAt,
    finished_at: r.finishedAt,
  };
  return await selectPage(db, r, and(...where), f, sortable, r.id);
}

/** QUEUED → RUNNING; false when the run is not QUEUED any more. */
export async function markHarvestRunning(db: Db, id: number, at: string): Promise<boolean> {
  await storeTurn(db);
  const r = runsOf(db);
  return await markAgentRunRunning(db, r, id, at);
}

/** Appends log lines to an unfinished run; false when it has finished already. */
export async function appendHarvestLog(db: Db, id: number, lines: string[]): Promise<boolean> {
  await storeTurn(db);
  const r = runsOf(db);
  return await appendAgentRunLog(db, r, id, lines);
}

/** Ends an unfinished run; false when it had ended already (the first outcome stays). */
export async function finishHarvestRun(
  db: Db,
  id: number,
  status: "SUCCEEDED" | "FAILED",
  at: string,
  lines: string[] = [],
): Promise<boolean> {
  await storeTurn(db);
  const r = runsOf(db);
  return await finishAgentRun(db, r, id, status, at, lines);
}

/** Unfinished runs, of one agent or (without one) of everybody. */
export async function unfinishedHarvestRuns(db: Db, agentId?: number): Promise<HarvestRunRow[]> {
  await storeTurn(db);
  const r = runsOf(db);
  return await db.select().from(r).where(unfinishedAgentRuns(r, agentId)).orderBy(r.id);
}

export async function insertHarvestSchedule(
  db: Db,
  values: typeof harvestSchedules.$inferInsert,
): Promise<HarvestScheduleRow> {
  await storeTurn(db);
  const s = schedulesOf(db);
  return returnedRow(await db.insert(s).values(values).returning());
}

export async function findHarvestSchedule(
  db: Db,
  customerId: number,
  id: number,
): Promise<HarvestScheduleRow | undefined> {
  await storeTurn(db);
  const s = schedulesOf(db);
  return first(
    await db
      .select()
      .from(s)
      .where(and(eq(s.id, id), eq(s.customerId, customerId))),
  );
}

export async function listHarvestSchedules(
  db: Db,
  f: { customerId: number; accessibleTo?: ProjectReader; projectId?: number } & PageRequest,
): Promise<Page<HarvestScheduleRow> | { unknownField: string }> {
  await storeTurn(db);
  const s = schedulesOf(db);
  const where: SQL[] = [eq(s.customerId, f.customerId)];
  if (f.projectId !== undefined) where.push(eq(s.projectId, f.projectId));
  if (f.accessibleTo !== undefined)
    where.push(inArray(s.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)));
  const sortable = { id: s.id, source: s.source, created_at: s.createdAt };
  return await selectPage(db, s, and(...where), f, sortable, s.id);
}

/** How many schedules a project holds (METABUILD_HARVEST_SCHEDULES_PER_PROJECT). */
export async function countHarvestSchedules(db: Db, projectId: number): Promise<number> {
  await storeTurn(db);
  const s = schedulesOf(db);
  const rows = await db
    .select({ n: sql<number>`count(*)` })
    .from(s)
    .where(eq(s.projectId, projectId));
  return Number(rows[0]?.n ?? 0);
}

/** Every schedule of every customer (the scheduler's tick). */
export async function allHarvestSchedules(db: Db): Promise<HarvestScheduleRow[]> {
  await storeTurn(db);
  const s = schedulesOf(db);
  return await db.select().from(s).orderBy(s.id);
}

export async function deleteHarvestSchedule(db: Db, id: number): Promise<void> {
  await storeTurn(db);
  const r = runsOf(db);
  const s = schedulesOf(db);
  await db.update(r).set({ scheduleId: null }).where(eq(r.scheduleId, id));
  await db.delete(s).where(eq(s.id, id));
}

/**
 * Claims a schedule's minute: true for the one caller that moved
 * `last_run_at` to `minute`, so a minute starts at most one run.
 */
export async function claimHarvestScheduleMinute(
  db: Db,
  id: number,
  minute: string,
): Promise<boolean> {
  await storeTurn(db);
  const s = schedulesOf(db);
  return (
    changedRows(
      await db
        .update(s)
        .set({ lastRunAt: minute })
        .where(and(eq(s.id, id), sql`coalesce(${s.lastRunAt}, '') < ${minute}`)),
    ) > 0
  );
}
