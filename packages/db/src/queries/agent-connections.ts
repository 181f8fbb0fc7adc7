import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, storeTurn, transaction } from "../client.ts";
import { allRows, changedRows, first, runStatement, tablesOf } from "../store.ts";
import { UNFINISHED } from "./agent-runs.ts";
import type { AgentRow } from "./agents.ts";
import type { BuildDeploymentRow } from "./build-deployments.ts";

// Which server process holds an agent's socket, and the deployment runs
// waiting to be sent to it (docs/scale-out.md "Agents"). Every change that
// two processes could race on is one statement: of two, one gets the row.

/**
 * This process holds the agent's socket now (a newer connection takes the
 * row over); answers the process that held it before, if any.
 */
export async function holdAgentConnection(
  db: Db,
  agentId: number,
  holder: string,
  now: number,
): Promise<string | undefined> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  return await transaction(db, async () => {
    const before = first(
      await db.select({ heldBy: c.heldBy }).from(c).where(eq(c.agentId, agentId)),
    );
    await db
      .insert(c)
      .values({ agentId, heldBy: holder, heartbeatAt: now })
      .onConflictDoUpdate({ target: c.agentId, set: { heldBy: holder, heartbeatAt: now } });
    return before?.heldBy;
  });
}

/** Drops the row if `holder` still has it; false when another process took it over. */
export async function releaseAgentConnection(
  db: Db,
  agentId: number,
  holder: string,
): Promise<boolean> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  return (
    (await runStatement(
      db,
      sql`delete from ${c} where ${c.agentId} = ${agentId} and ${c.heldBy} = ${holder}`,
    )) > 0
  );
}

/** Drops every row `holder` has (a graceful stop); answers their agents. */
export async function releaseAgentConnections(db: Db, holder: string): Promise<number[]> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ agentId: number }>(
    db,
    sql`delete from ${c} where ${c.heldBy} = ${holder} returning agent_id as "agentId"`,
  );
  return rows.map((r) => r.agentId);
}

/** Renews the heartbeat of `holder`'s rows; answers their agents (a missing one was taken over). */
export async function renewAgentConnections(
  db: Db,
  holder: string,
  now: number,
): Promise<number[]> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ agentId: number }>(
    db,
    sql`update ${c} set heartbeat_at = cast(${now} as bigint) where ${c.heldBy} = ${holder}
      returning agent_id as "agentId"`,
  );
  return rows.map((r) => r.agentId);
}

/**
 * Drops the rows whose heartbeat is older than `staleBefore` (their process
 * died or froze); answers their agents, to exactly one of the processes asking.
 */
export async function dropStaleAgentConnections(db: Db, staleBefore: number): Promise<number[]> {
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ agentId: number }>(
    db,
    sql`delete from ${c} where ${c.heartbeatAt} < ${staleBefore} returning agent_id as "agentId"`,
  );
  return rows.map((r) => r.agentId);
}

/** Of `agentIds`, those some process holds with a heartbeat not older than `staleBefore`. */
export async function connectedAgentIds(
  db: Db,
  agentIds: readonly number[],
  staleBefore: number,
): Promise<number[]> {
  await storeTurn(db);
  if (agentIds.length === 0) return [];
  const { agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ agentId: number }>(
    db,
    sql`select agent_id as "agentId" from ${c}
      where ${c.agentId} in ${agentIds} and ${c.heartbeatAt} >= ${staleBefore}`,
  );
  return rows.map((r) => r.agentId);
}

/**
 * Agents marked online that no process holds (it stopped before it could
 * mark them offline): marks them offline, answers their ids.
 */
export async function markUnheldAgentsOffline(db: Db, at: string): Promise<number[]> {
  await storeTurn(db);
  const { agents: a, agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ id: number }>(
    db,
    sql`update ${a} set online = 0, last_seen_at = ${at}
      where ${a.online} = 1 and ${a.id} not in (select ${c.agentId} from ${c})
      returning id`,
  );
  return rows.map((r) => r.id);
}

/** Queues a stored run for its agent: the process holding the agent's socket sends it. */
export async function queueDeploymentForAgent(
  db: Db,
  buildDeploymentId: number,
  agentId: number,
): Promise<void> {
  await storeTurn(db);
  const { pendingDeployments } = tablesOf(db);
  await db.insert(pendingDeployments).values({ buildDeploymentId, agentId });
}

/**
 * Takes the queued runs of `agentIds` (they are then this caller's to send,
 * nobody else's); answers the ids of those still QUEUED, oldest first.
 */
export async function takeQueuedDeployments(
  db: Db,
  agentIds: readonly number[],
): Promise<BuildDeploymentRow[]> {
  await storeTurn(db);
  if (agentIds.length === 0) return [];
  const { pendingDeployments: p } = tablesOf(db);
  return await queuedOf(
    db,
    await allRows<{ id: number }>(
      db,
      sql`delete from ${p} where ${p.agentId} in ${agentIds} returning build_deployment_id as id`,
    ),
  );
}

/**
 * Takes the queued runs whose agent no process holds (it went away between
 * the request and the queueing); answers those still QUEUED, to be failed.
 */
export async function takeUnheldQueuedDeployments(db: Db): Promise<BuildDeploymentRow[]> {
  await storeTurn(db);
  const { pendingDeployments: p, agentConnections: c } = tablesOf(db);
  return await queuedOf(
    db,
    await allRows<{ id: number }>(
      db,
      sql`delete from ${p} where ${p.agentId} not in (select ${c.agentId} from ${c})
        returning build_deployment_id as id`,
    ),
  );
}

async function queuedOf(db: Db, taken: { id: number }[]): Promise<BuildDeploymentRow[]> {
  const runs = await buildDeploymentsByIds(
    db,
    taken.map((t) => t.id),
  );
  return runs.filter((r) => r.status === "QUEUED");
}

/** The runs of these ids, by id (any customer: the ids come from the store). */
export async function buildDeploymentsByIds(
  db: Db,
  ids: readonly number[],
): Promise<BuildDeploymentRow[]> {
  await storeTurn(db);
  if (ids.length === 0) return [];
  const { buildDeployments: d } = tablesOf(db);
  return await db
    .select()
    .from(d)
    .where(inArray(d.id, [...ids]))
    .orderBy(asc(d.id));
}

/** The agents of these ids, by id (any customer: the ids come from the store). */
export async function agentsByIds(db: Db, ids: readonly number[]): Promise<AgentRow[]> {
  await storeTurn(db);
  if (ids.length === 0) return [];
  const { agents: a } = tablesOf(db);
  return await db
    .select()
    .from(a)
    .where(inArray(a.id, [...ids]))
    .orderBy(asc(a.id));
}

/** Unfinished runs of the agent already handed to a connection (not waiting to be sent). */
export async function sentUnfinishedDeploymentIds(db: Db, agentId: number): Promise<number[]> {
  await storeTurn(db);
  const { buildDeployments: d, pendingDeployments: p } = tablesOf(db);
  const rows = await allRows<{ id: number }>(
    db,
    sql`select id from ${d} where ${d.agentId} = ${agentId} and ${d.status} in ${[...UNFINISHED]}
      and ${d.id} not in (select ${p.buildDeploymentId} from ${p}) order by id`,
  );
  return rows.map((r) => r.id);
}

/** Unfinished runs whose agent no process holds: nobody can end them any more. */
export async function unheldUnfinishedDeploymentIds(db: Db): Promise<number[]> {
  await storeTurn(db);
  const { buildDeployments: d, agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ id: number }>(
    db,
    sql`select id from ${d} where ${d.status} in ${[...UNFINISHED]}
      and ${d.agentId} not in (select ${c.agentId} from ${c}) order by id`,
  );
  return rows.map((r) => r.id);
}

/** Forgets every connection and queued run (a lone server's start: nothing is connected). */
export async function clearAgentConnections(db: Db): Promise<number> {
  await storeTurn(db);
  const { agentConnections, pendingDeployments } = tablesOf(db);
  await db.delete(pendingDeployments);
  return changedRows(await db.delete(agentConnections));
}
