import { BadRequest, Conflict, NotFound, messages } from "@metabuild/core";
import {
  type AgentGroupRow,
  type AgentRow,
  type Db,
  findAgentById,
  findAgentByUuid,
  findAgentGroupById,
  onlineAgentsOfGroup,
  unfinishedHarvestRuns,
} from "@metabuild/db";
import type { AgentHub } from "../agents/hub.ts";

/** Which agent a harvest goes to: one agent, or a group to pick an online one from. */
export interface AgentChoice {
  agent?: AgentRow;
  group?: AgentGroupRow;
}

/** Exactly one of the fields: 400 naming them otherwise. */
export function requireOne(body: Record<string, unknown>, ...fields: string[]): void {
  const given = fields.filter((f) => body[f] !== undefined);
  if (given.length === 0)
    throw new BadRequest(`One of ${fields.map((f) => `'${f}'`).join(", ")} is required`);
  if (given.length > 1)
    throw new BadRequest(`Give only one of ${given.map((f) => `'${f}'`).join(", ")}`);
}

/** An agent of the customer by its integer id or UUID (404 when unknown or deleted). */
export async function agentByRef(
  db: Db,
  customerId: number,
  ref: number | string,
): Promise<AgentRow> {
  const row =
    typeof ref === "number" || /^\d+$/.test(ref)
      ? await findAgentById(db, customerId, Number(ref))
      : await findAgentByUuid(db, ref);
  if (!row || row.customerId !== customerId || row.deleted === 1)
    throw new NotFound(messages.recordNotFound(String(ref)));
  return row;
}

export async function groupById(db: Db, customerId: number, id: number): Promise<AgentGroupRow> {
  const row = await findAgentGroupById(db, customerId, id);
  if (!row) throw new NotFound(messages.recordNotFound(id));
  return row;
}

/**
 * The connected agent that takes a harvest now: the chosen one (409 when
 * disabled or offline), or the group's online agent that announced the
 * source, else any online one, with the fewest unfinished harvests.
 */
export async function connectedAgentFor(
  db: Db,
  hub: AgentHub,
  choice: AgentChoice,
  source: string,
): Promise<AgentRow> {
  if (choice.agent) {
    const agent = await findAgentById(db, choice.agent.customerId, choice.agent.id);
    if (!agent || agent.deleted === 1)
      throw new Conflict(`Agent '${choice.agent.name}' was deleted`);
    if (agent.disabled === 1) throw new Conflict(`Agent '${agent.name}' is disabled`);
    // Connected to this or another live process (docs/scale-out.md "Agents").
    if (!(await hub.reachable([agent.id])).has(agent.id))
      throw new Conflict(`Agent '${agent.name}' is not online`);
    return agent;
  }
  const group = choice.group as AgentGroupRow;
  const candidates = await onlineAgentsOfGroup(db, group.id);
  const sources = await hub.reachableSources(candidates.map((a) => a.id));
  const online = candidates.filter((a) => sources.has(a.id));
  if (online.length === 0)
    throw new Conflict(`No agent of the agent group '${group.name}' is online`);
  const announcing = online.filter((a) => sources.get(a.id)?.includes(source));
  const pool = announcing.length > 0 ? announcing : online;
  const loads: { agent: (typeof pool)[number]; load: number }[] = [];
  for (const agent of pool)
    loads.push({ agent, load: (await unfinishedHarvestRuns(db, agent.id)).length });
  return loads.sort((a, b) => a.load - b.load || a.agent.id - b.agent.id)[0].agent;
}
