import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { AgentRow } from "./agents.ts";
import { storeTurn } from "../client.ts";
import { changedRows, first, tablesOf } from "../store.ts";

/** The agent signing in over WebSocket, by its UUID (any customer: the secret decides). */
export async function findAgentByUuid(db: Db, agentId: string): Promise<AgentRow | undefined> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  return first(await db.select().from(agents).where(eq(agents.agentId, agentId)));
}

/** `online` follows the agent's connection; `last_seen_at` records each change. */
export async function setAgentOnline(
  db: Db,
  id: number,
  online: boolean,
  at: string,
): Promise<void> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  await db
    .update(agents)
    .set({ online: online ? 1 : 0, lastSeenAt: at })
    .where(eq(agents.id, id));
}

/** At server start no connection exists yet: nobody is online. */
export async function markAllAgentsOffline(db: Db): Promise<number> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  return changedRows(await db.update(agents).set({ online: 0 }).where(eq(agents.online, 1)));
}

/** Agents of a group that could take a run now: online, not disabled, not deleted. */
export async function onlineAgentsOfGroup(db: Db, groupId: number): Promise<AgentRow[]> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  return await db
    .select()
    .from(agents)
    .where(
      and(
        eq(agents.groupId, groupId),
        eq(agents.online, 1),
        eq(agents.disabled, 0),
        eq(agents.deleted, 0),
      ),
    )
    .orderBy(agents.id);
}
