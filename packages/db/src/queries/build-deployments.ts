import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { Schema } from "../client.ts";
import type { buildDeployments } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import {
  appendAgentRunLog,
  finishAgentRun,
  markAgentRunRunning,
  unfinishedAgentRuns,
} from "./agent-runs.ts";
import { first, tablesOf, returnedRow } from "../store.ts";

export type BuildDeploymentRow = typeof buildDeployments.$inferSelect;
export type NewBuildDeployment = typeof buildDeployments.$inferInsert;

export { UNFINISHED } from "./agent-runs.ts";

export async function insertBuildDeployment(
  db: Db,
  values: NewBuildDeployment,
): Promise<BuildDeploymentRow> {
  await storeTurn(db);
  const { buildDeployments } = tablesOf(db);
  return returnedRow(await db.insert(buildDeployments).values(values).returning());
}

export async function findBuildDeployment(
  db: Db,
  customerId: number,
  id: number,
): Promise<BuildDeploymentRow | undefined> {
  await storeTurn(db);
  const { buildDeployments } = tablesOf(db);
  return first(
    await db
      .select()
      .from(buildDeployments)
      .where(and(eq(buildDeployments.id, id), eq(buildDeployments.customerId, customerId))),
  );
}

export interface BuildDeploymentFilter extends PageRequest {
  customerId: number;
  /** Only runs in projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  buildId?: number;
  patternId?: number;
  deploymentId?: number;
  /** Deployment definition name (on any pattern). */
  deployment?: string;
}

const sortableOf = (t: Schema["buildDeployments"]) => ({
  id: t.id,
  build_id: t.buildId,
  pattern_id: t.patternId,
  deployment_id: t.deploymentId,
  upload_id: t.uploadId,
  agent_id: t.agentId,
  agent_group_id: t.agentGroupId,
  status: t.status,
  started_at: t.startedAt,
  finished_at: t.finishedAt,
  created_at: t.createdAt,
});

export async function listBuildDeployments(
  db: Db,
  f: BuildDeploymentFilter,
): Promise<Page<BuildDeploymentRow> | { unknownField: string }> {
  await storeTurn(db);
  const { buildDeployments: t, deployments } = tablesOf(db);
  const where: SQL[] = [eq(t.customerId, f.customerId)];
  if (f.buildId !== undefined) where.push(eq(t.buildId, f.buildId));
  if (f.patternId !== undefined) where.push(eq(t.patternId, f.patternId));
  if (f.deploymentId !== undefined) where.push(eq(t.deploymentId, f.deploymentId));
  if (f.deployment !== undefined)
    where.push(
      inArray(
        t.deploymentId,
        db
          .select({ id: deployments.id })
          .from(deployments)
          .where(eq(deployments.name, f.deployment)),
      ),
    );
  if (f.accessibleTo !== undefined)
    where.push(inArray(t.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)));
  return await selectPage(db, t, and(...where), f, sortableOf(t), t.id);
}

/** QUEUED → RUNNING; false when the run is not QUEUED any more. */
export async function markBuildDeploymentRunning(db: Db, id: number, at: string): Promise<boolean> {
  await storeTurn(db);
  return await markAgentRunRunning(db, tablesOf(db).buildDeployments, id, at);
}

/** Appends log lines to an unfinished run; false when it has finished already. */
export async function appendBuildDeploymentLog(
  db: Db,
  id: number,
  lines: string[],
): Promise<boolean> {
  await storeTurn(db);
  return await appendAgentRunLog(db, tablesOf(db).buildDeployments, id, lines);
}

/** Ends an unfinished run; false when it had ended already (the first outcome stays). */
export async function finishBuildDeployment(
  db: Db,
  id: number,
  status: "SUCCEEDED" | "FAILED" | "CANCELLED",
  at: string,
  lines: string[] = [],
): Promise<boolean> {
  await storeTurn(db);
  return await finishAgentRun(db, tablesOf(db).buildDeployments, id, status, at, lines);
}

/** Unfinished runs, of one agent or (without one) of everybody. */
export async function unfinishedBuildDeployments(
  db: Db,
  agentId?: number,
): Promise<BuildDeploymentRow[]> {
  await storeTurn(db);
  const { buildDeployments: t } = tablesOf(db);
  return await db.select().from(t).where(unfinishedAgentRuns(t, agentId)).orderBy(t.id);
}
