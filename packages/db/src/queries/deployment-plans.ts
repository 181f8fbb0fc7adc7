import { type SQL, and, asc, eq, inArray } from "drizzle-orm";
import { type Db, transaction, storeTurn } from "../client.ts";
import type { deploymentPlans } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { changedRows, first, returnedRow, tablesOf } from "../store.ts";

export type DeploymentPlanRow = typeof deploymentPlans.$inferSelect;
type NewDeploymentPlan = typeof deploymentPlans.$inferInsert;

/** A step with the names it shows and its run's state (null until the run exists). */
export interface DeploymentPlanStepRow {
  planId: number;
  position: number;
  patternId: number;
  pattern: string | null;
  deploymentId: number;
  deployment: string | null;
  buildDeploymentId: number | null;
  status: string;
  runStatus: string | null;
  runStartedAt: string | null;
  runFinishedAt: string | null;
}

/** Stores a new RUNNING plan with its steps (PENDING), in the caller's transaction. */
export async function insertDeploymentPlan(
  db: Db,
  plan: NewDeploymentPlan,
  steps: { patternId: number; deploymentId: number }[],
): Promise<DeploymentPlanRow> {
  await storeTurn(db);
  const { deploymentPlanSteps, deploymentPlans } = tablesOf(db);
  const row = returnedRow(await db.insert(deploymentPlans).values(plan).returning());
  await db
    .insert(deploymentPlanSteps)
    .values(steps.map((s, i) => ({ planId: row.id, position: i + 1, ...s })));
  return row;
}

export async function findDeploymentPlan(
  db: Db,
  customerId: number,
  id: number,
): Promise<DeploymentPlanRow | undefined> {
  await storeTurn(db);
  const { deploymentPlans } = tablesOf(db);
  return first(
    await db
      .select()
      .from(deploymentPlans)
      .where(and(eq(deploymentPlans.id, id), eq(deploymentPlans.customerId, customerId))),
  );
}

export interface DeploymentPlanFilter extends PageRequest {
  customerId: number;
  /** Only plans in projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  buildId?: number;
}

export async function listDeploymentPlans(
  db: Db,
  f: DeploymentPlanFilter,
): Promise<Page<DeploymentPlanRow> | { unknownField: string }> {
  await storeTurn(db);
  const { deploymentPlans: p } = tablesOf(db);
  const where: SQL[] = [eq(p.customerId, f.customerId)];
  if (f.buildId !== undefined) where.push(eq(p.buildId, f.buildId));
  if (f.accessibleTo !== undefined)
    where.push(inArray(p.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)));
  const sortable = {
    id: p.id,
    build_id: p.buildId,
    status: p.status,
    created_at: p.createdAt,
    ended_at: p.endedAt,
  };
  return await selectPage(db, p, and(...where), f, sortable, p.id);
}

/** The steps of the plans, in order, with their runs' state. */
export async function stepsOfDeploymentPlans(
  db: Db,
  planIds: number[],
): Promise<DeploymentPlanStepRow[]> {
  await storeTurn(db);
  const { buildDeployments, deploymentPlanSteps, deployments, patterns } = tablesOf(db);
  if (planIds.length === 0) return [];
  const s = deploymentPlanSteps;
  return await db
    .select({
      planId: s.planId,
      position: s.position,
      patternId: s.patternId,
      pattern: patterns.name,
      deploymentId: s.deploymentId,
      deployment: deployments.name,
      buildDeploymentId: s.buildDeploymentId,
      status: s.status,
      runStatus: buildDeployments.status,
      runStartedAt: buildDeployments.startedAt,
      runFinishedAt: buildDeployments.finishedAt,
    })
    .from(s)
    .leftJoin(patterns, eq(patterns.id, s.patternId))
    .leftJoin(deployments, eq(deployments.id, s.deploymentId))
    .leftJoin(buildDeployments, eq(buildDeployments.id, s.buildDeploymentId))
    .where(inArray(s.planId, planIds))
    .orderBy(asc(s.planId), asc(s.position));
}

/** The plan whose step started this run, if any. */
export async function planOfBuildDeployment(db: Db, runId: number): Promise<number | undefined> {
  await storeTurn(db);
  const { deploymentPlanSteps } = tablesOf(db);
  return first(
    await db
      .select({ planId: deploymentPlanSteps.planId })
      .from(deploymentPlanSteps)
      .where(eq(deploymentPlanSteps.buildDeploymentId, runId)),
  )?.planId;
}

/** Records the run a step started. */
export async function linkDeploymentPlanStep(
  db: Db,
  planId: number,
  position: number,
  runId: number,
): Promise<void> {
  await storeTurn(db);
  const { deploymentPlanSteps } = tablesOf(db);
  await db
    .update(deploymentPlanSteps)
    .set({ buildDeploymentId: runId, status: "STARTED" })
    .where(and(eq(deploymentPlanSteps.planId, planId), eq(deploymentPlanSteps.position, position)));
}

/**
 * Ends a RUNNING plan: a step that could not start is marked FAILED
 * (`failedPosition`), every step still PENDING becomes SKIPPED. False when
 * the plan had ended already, so it only ever ends once.
 */
export async function finishDeploymentPlan(
  db: Db,
  id: number,
  end: { status: "SUCCEEDED" | "FAILED" | "CANCELLED"; at: string; message: string | null },
  failedPosition?: number,
): Promise<boolean> {
  await storeTurn(db);
  const { deploymentPlanSteps: s, deploymentPlans: p } = tablesOf(db);
  return await transaction(db, async () => {
    const changed = changedRows(
      await db
        .update(p)
        .set({ status: end.status, endedAt: end.at, message: end.message })
        .where(and(eq(p.id, id), eq(p.status, "RUNNING"))),
    );
    if (changed === 0) return false;
    if (failedPosition !== undefined)
      await db
        .update(s)
        .set({ status: "FAILED" })
        .where(and(eq(s.planId, id), eq(s.position, failedPosition), eq(s.status, "PENDING")));
    await db
      .update(s)
      .set({ status: "SKIPPED" })
      .where(and(eq(s.planId, id), eq(s.status, "PENDING")));
    return true;
  });
}

/** Plans still RUNNING (at server start: none can still be going). */
export async function runningDeploymentPlans(db: Db): Promise<DeploymentPlanRow[]> {
  await storeTurn(db);
  const { deploymentPlans: p } = tablesOf(db);
  return await db.select().from(p).where(eq(p.status, "RUNNING")).orderBy(p.id);
}
