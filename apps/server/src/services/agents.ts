import type { Agent, AgentGroup, AgentGroupQuery, AgentQuery } from "@metabuild/contract";
import { BadRequest, NotFound, type Principal, messages } from "@metabuild/core";
import {
  type AgentGroupRow,
  type AgentRow,
  type Db,
  findAgentById,
  findAgentGroupById,
  findAgentGroupByName,
  listAgentGroups,
  listAgents,
} from "@metabuild/db";
import { pageOrThrow } from "./paging.ts";

/** The wire form of an agent: never its secret hash. */
export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    agent_id: row.agentId,
    name: row.name,
    deleted: row.deleted === 1,
    disabled: row.disabled === 1,
    online: row.online === 1,
    group_id: row.groupId,
  };
}

export function toAgentGroup(row: AgentGroupRow): AgentGroup {
  return { id: row.id, name: row.name, description: row.description };
}

/** Agents and agent groups: customer-wide reads (docs/reference/rules.md §1). */
export class AgentService {
  constructor(private readonly db: Db) {}

  /** The group named by `group` and/or `group_id`, if either is given (404 otherwise). */
  async resolveGroup(
    principal: Principal,
    ref: { group?: string; group_id?: number },
  ): Promise<AgentGroupRow | undefined> {
    const hasName = ref.group !== undefined && ref.group !== "";
    const byId =
      ref.group_id === undefined ? undefined : await this.groupById(principal, ref.group_id);
    if (!hasName) return byId;
    const row = await findAgentGroupByName(this.db, principal.customerId, ref.group as string);
    if (!row) throw new NotFound(messages.agentGroupNotFound(ref.group as string));
    // Both may be given (docs/reference/endpoints.md does not make them exclusive) if they agree.
    if (byId && byId.id !== row.id)
      throw new BadRequest(
        `'group' and 'group_id' name different agent groups ('${row.name}' is id ${row.id})`,
      );
    return row;
  }

  private async groupById(principal: Principal, id: number): Promise<AgentGroupRow> {
    const row = await findAgentGroupById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return row;
  }

  async list(principal: Principal, query: AgentQuery) {
    const groupId = (await this.resolveGroup(principal, query))?.id;
    const page = pageOrThrow(
      await listAgents(this.db, {
        ...query,
        customerId: principal.customerId,
        agentId: query.agent_id,
        groupId,
      }),
    );
    return { items: page.items.map(toAgent), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<Agent> {
    const row = await findAgentById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return toAgent(row);
  }

  async listGroups(principal: Principal, query: AgentGroupQuery) {
    const page = pageOrThrow(
      await listAgentGroups(this.db, { ...query, customerId: principal.customerId }),
    );
    return { items: page.items.map(toAgentGroup), total: page.total };
  }

  async getGroup(principal: Principal, id: number): Promise<AgentGroup> {
    return toAgentGroup(await this.groupById(principal, id));
  }
}
