import { type SQL, and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { agentGroups, agents } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type AgentRow = typeof agents.$inferSelect;
export type AgentGroupRow = typeof agentGroups.$inferSelect;

export interface AgentFilter extends PageRequest {
  customerId: number;
  name?: string;
  agentId?: string;
  online?: boolean;
  groupId?: number;
}

export async function listAgents(
  db: Db,
  f: AgentFilter,
): Promise<Page<AgentRow> | { unknownField: string }> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  const where: SQL[] = [eq(agents.customerId, f.customerId)];
  if (f.name !== undefined) where.push(eq(agents.name, f.name));
  if (f.agentId !== undefined) where.push(eq(agents.agentId, f.agentId));
  if (f.online !== undefined) where.push(eq(agents.online, f.online ? 1 : 0));
  if (f.groupId !== undefined) where.push(eq(agents.groupId, f.groupId));
  const sortable = {
    id: agents.id,
    agent_id: agents.agentId,
    name: agents.name,
    deleted: agents.deleted,
    disabled: agents.disabled,
    online: agents.online,
    group_id: agents.groupId,
  };
  return await selectPage(db, agents, and(...where), f, sortable, agents.id);
}

export async function findAgentById(
  db: Db,
  customerId: number,
  id: number,
): Promise<AgentRow | undefined> {
  await storeTurn(db);
  const { agents } = tablesOf(db);
  return first(
    await db
      .select()
      .from(agents)
      .where(and(eq(agents.id, id), eq(agents.customerId, customerId))),
  );
}

export interface AgentGroupFilter extends PageRequest {
  customerId: number;
  name?: string;
}

export async function listAgentGroups(
  db: Db,
  f: AgentGroupFilter,
): Promise<Page<AgentGroupRow> | { unknownField: string }> {
  await storeTurn(db);
  const { agentGroups } = tablesOf(db);
  const where: SQL[] = [eq(agentGroups.customerId, f.customerId)];
  if (f.name !== undefined) where.push(eq(agentGroups.name, f.name));
  const sortable = {
    id: agentGroups.id,
    name: agentGroups.name,
    description: agentGroups.description,
  };
  return await selectPage(db, agentGroups, and(...where), f, sortable, agentGroups.id);
}

export async function findAgentGroupById(
  db: Db,
  customerId: number,
  id: number,
): Promise<AgentGroupRow | undefined> {
  await storeTurn(db);
  const { agentGroups } = tablesOf(db);
  return first(
    await db
      .select()
      .from(agentGroups)
      .where(and(eq(agentGroups.id, id), eq(agentGroups.customerId, customerId))),
  );
}

export async function findAgentGroupByName(
  db: Db,
  customerId: number,
  name: string,
): Promise<AgentGroupRow | undefined> {
  await storeTurn(db);
  const { agentGroups } = tablesOf(db);
  return first(
    await db
      .select()
      .from(agentGroups)
      .where(and(eq(agentGroups.name, name), eq(agentGroups.customerId, customerId))),
  );
}
