import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, storeTurn, transaction } from "../client.ts";
import { allRows, changedRows, first, runStatement, tablesOf } from "../store.ts";
import type { AgentRow } from "./agents.ts";

// Which server process holds an agent's socket (the runs waiting to be sent
// to it: agent-queue.ts) (docs/scale-out.md "Agents"). Every change that
// two processes could race on is one statement: of two, one gets the row.

/**
 * This process holds the agent's socket now (a newer connection takes the
 * row over), with the harvest sources the agent announced; answers the
 * process that held it before, if any.
 */
export async function holdAgentConnection(
  db: Db,
  agentId: number,
  holder: string,
  now: number,
  announced: readonly string[] = [],
): Promise<string | undefined> {
  const sources = JSON.stringify(announced);
  await storeTurn(db);
  const { agentConnections: c } = tablesOf(db);
  return await transaction(db, async () => {
    const before = first(
      await db.select({ heldBy: c.heldBy }).from(c).where(eq(c.agentId, agentId)),
    );
    await db
      .insert(c)
      .values({ agentId, heldBy: holder, heartbeatAt: now, sources })
      .onConflictDoUpdate({
        target: c.agentId,
        set: { heldBy: holder, heartbeatAt: now, sources },
      });
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

/**
 * Of `agentIds`, those some process holds with a heartbeat not older than
 * `staleBefore`, with the sources each announced.
 */
export async function connectedAgentSources(
  db: Db,
  agentIds: readonly number[],
  staleBefore: number,
): Promise<Map<number, string[]>> {
  await storeTurn(db);
  if (agentIds.length === 0) return new Map();
  const { agentConnections: c } = tablesOf(db);
  const rows = await allRows<{ agentId: number; sources: string }>(
    db,
    sql`select agent_id as "agentId", sources from ${c}
      where ${c.agentId} in ${agentIds} and ${c.heartbeatAt} >= ${staleBefore}`,
  );
  return new Map(rows.map((r) => [r.agentId, JSON.parse(r.sources) as string[]]));
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

/** Forgets every connection and queued run (a lone server's start: nothing is connected). */
export async function clearAgentConnections(db: Db): Promise<number> {
  await storeTurn(db);
  const { agentConnections, pendingDeployments, pendingHarvests } = tablesOf(db);
  await db.delete(pendingDeployments);
  await db.delete(pendingHarvests);
  return changedRows(await db.delete(agentConnections));
}
