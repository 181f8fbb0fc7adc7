import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { agents } from "../schema/index.ts";
import type { AgentRow } from "./agents.ts";

/** The agent signing in over WebSocket, by its UUID (any customer: the secret decides). */
export function findAgentByUuid(db: Db, agentId: string): AgentRow | undefined {
  return db.select().from(agents).where(eq(agents.agentId, agentId)).get();
}

/** `online` follows the agent's connection; `last_seen_at` records each change. */
export function setAgentOnline(db: Db, id: number, online: boolean, at: string): void {
  db.update(agents)
    .set({ online: online ? 1 : 0, lastSeenAt: at })
    .where(eq(agents.id, id))
    .run();
}

/** At server start no connection exists yet: nobody is online. */
export function markAllAgentsOffline(db: Db): number {
  return db.update(agents).set({ online: 0 }).where(eq(agents.online, 1)).run().changes;
}

/** Agents of a group that could take a run now: online, not disabled, not deleted. */
export function onlineAgentsOfGroup(db: Db, groupId: number): AgentRow[] {
  return db
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
    .orderBy(agents.id)
    .all();
}
