import { type SQL, asc, inArray, sql } from "drizzle-orm";
import { type Db, storeTurn } from "../client.ts";
import { allRows, runStatement, tablesOf } from "../store.ts";
import { UNFINISHED } from "./agent-runs.ts";
import type { BuildDeploymentRow } from "./build-deployments.ts";
import type { HarvestRunRow } from "./harvests.ts";

// The runs stored but not yet sent to their agent (docs/scale-out.md
// "Agents"): deployment runs and harvest runs, each kind in its own queue
// table. The process holding the agent's socket takes a row (one delete)
// and sends the run, so a run is sent once whichever process heard of it.

/** What an agent's queue carries. */
export type QueuedRunKind = "deployment" | "harvest";

interface QueuedRows {
  deployment: BuildDeploymentRow;
  harvest: HarvestRunRow;
}

/** A run of a kind, as stored. */
export type QueuedRun<K extends QueuedRunKind> = QueuedRows[K];

export const QUEUED_RUN_KINDS: readonly QueuedRunKind[] = ["deployment", "harvest"];

/** The queue table of a kind, the name of its run column, and the runs' table. */
function queueOf(db: Db, kind: QueuedRunKind) {
  const t = tablesOf(db);
  return kind === "deployment"
    ? {
        queue: t.pendingDeployments,
        run: t.pendingDeployments.buildDeploymentId,
        column: sql.raw("build_deployment_id"),
        runs: t.buildDeployments,
      }
    : {
        queue: t.pendingHarvests,
        run: t.pendingHarvests.harvestRunId,
        column: sql.raw("harvest_run_id"),
        runs: t.harvestRuns,
      };
}

/** Queues a stored run for its agent: the process holding the agent's socket sends it. */
export async function queueRunForAgent(
  db: Db,
  kind: QueuedRunKind,
  runId: number,
  agentId: number,
): Promise<void> {
  await storeTurn(db);
  const q = queueOf(db, kind);
  await runStatement(
    db,
    sql`insert into ${q.queue} (${q.column}, agent_id) values (${runId}, ${agentId})`,
  );
}

/**
 * Takes the queued runs of `agentIds` (they are then this caller's to send,
 * nobody else's); answers those still QUEUED, oldest first.
 */
export async function takeQueuedRuns<K extends QueuedRunKind>(
  db: Db,
  kind: K,
  agentIds: readonly number[],
): Promise<QueuedRows[K][]> {
  await storeTurn(db);
  if (agentIds.length === 0) return [];
  return await takeWhere(db, kind, sql`agent_id in ${agentIds}`);
}

/**
 * Takes the queued runs whose agent no process holds (it went away between
 * the request and the queueing); answers those still QUEUED, to be failed.
 */
export async function takeUnheldQueuedRuns<K extends QueuedRunKind>(
  db: Db,
  kind: K,
): Promise<QueuedRows[K][]> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  return await takeWhere(db, kind, sql`agent_id not in (select ${c.agentId} from ${c})`);
}

/** Deletes the queue rows `condition` picks and answers their runs still QUEUED. */
async function takeWhere<K extends QueuedRunKind>(
  db: Db,
  kind: K,
  condition: SQL,
): Promise<QueuedRows[K][]> {
  const q = queueOf(db, kind);
  const taken = await allRows<{ id: number }>(
    db,
    sql`delete from ${q.queue} where ${condition} returning ${q.column} as id`,
  );
  const runs = await runsByIds(
    db,
    kind,
    taken.map((t) => t.id),
  );
  return runs.filter((r) => r.status === "QUEUED");
}

/** The runs of these ids, by id (any customer: the ids come from the store). */
export async function runsByIds<K extends QueuedRunKind>(
  db: Db,
  kind: K,
  ids: readonly number[],
): Promise<QueuedRows[K][]> {
  await storeTurn(db);
  if (ids.length === 0) return [];
  const { runs } = queueOf(db, kind);
  const rows = await db
    .select()
    .from(runs)
    .where(inArray(runs.id, [...ids]))
    .orderBy(asc(runs.id));
  return rows as QueuedRows[K][];
}

/** Unfinished runs of the agent already handed to a connection (not waiting to be sent). */
export async function sentUnfinishedRunIds(
  db: Db,
  kind: QueuedRunKind,
  agentId: number,
): Promise<number[]> {
  await storeTurn(db);
  const { queue, run, runs } = queueOf(db, kind);
  const rows = await allRows<{ id: number }>(
    db,
    sql`select id from ${runs} where ${runs.agentId} = ${agentId}
      and ${runs.status} in ${[...UNFINISHED]}
      and ${runs.id} not in (select ${run} from ${queue}) order by id`,
  );
  return rows.map((r) => r.id);
}

/** Unfinished runs whose agent no process holds: nobody can end them any more. */
export async function unheldUnfinishedRunIds(db: Db, kind: QueuedRunKind): Promise<number[]> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  const { runs } = queueOf(db, kind);
  const rows = await allRows<{ id: number }>(
    db,
    sql`select id from ${runs} where ${runs.status} in ${[...UNFINISHED]}
      and ${runs.agentId} not in (select ${c.agentId} from ${c}) order by id`,
  );
  return rows.map((r) => r.id);
}
