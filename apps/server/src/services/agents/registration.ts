import { Bundle } from "@metabuild/contract";
import { Conflict, Forbidden, type Principal, messages } from "@metabuild/core";
import {
  type AgentRow,
  findAgentByName,
  findCustomerById,
  findCustomerByName,
  transaction,
} from "@metabuild/db";
import { type AuditActor, recordAudit } from "../audit.ts";
import { type ImportDeps, importBundle } from "../bundle/import.ts";

/** A registered agent and its secret, which leaves the server this once. */
export interface RegisteredAgent {
  agent: AgentRow;
  secret: string;
}

/**
 * Registers an agent in a customer (its group created if missing), the one
 * way the CLI (`metabuild agents add`) and the console share
 * (docs/agents.md "Registering and starting an agent"). The secret is stored
 * as a hash; the audit event names the group and agent id, never the secret.
 */
export async function registerAgent(
  deps: ImportDeps,
  request: { customer: string; name: string; group: string },
  audit: { actor: (customerId: number) => AuditActor; via: "cli" | "console" },
): Promise<RegisteredAgent> {
  const { customer, name, group } = request;
  const bundle = Bundle.parse({
    version: 1,
    customer,
    agent_groups: [{ name: group, agents: [{ name }] }],
  });
  const existingCustomer = (await findCustomerByName(deps.db, customer))?.id;
  if (existingCustomer !== undefined && (await findAgentByName(deps.db, existingCustomer, name)))
    throw new Conflict(`An agent named '${name}' already exists in customer ${customer}`);
  let agent: AgentRow | undefined;
  const { generatedAgents } = await importBundle(deps, bundle, {
    // The event is written in the import's transaction (docs/audit-log.md).
    inTransaction: async (fn) =>
      await transaction(deps.db, async () => {
        await fn();
        const customerId = (await findCustomerByName(deps.db, customer))?.id as number;
        agent = await findAgentByName(deps.db, customerId, name);
        await recordAudit(deps.db, audit.actor(customerId), {
          action: "agent.add",
          target: { kind: "agent", id: agent?.id, label: name },
          after: { group, agent_id: agent?.agentId, via: audit.via },
        });
      }),
  });
  const secret = generatedAgents[0]?.secret;
  if (!agent || !secret) throw new Error(`Agent '${name}' was not created`);
  return { agent, secret };
}

/** Registering agents from the console: administrators of the customer only. */
export class AgentRegistrationService {
  constructor(private readonly deps: ImportDeps) {}

  async register(
    principal: Principal,
    body: { name: string; group: string },
  ): Promise<RegisteredAgent> {
    if (!principal.admin) throw new Forbidden(messages.adminOnly);
    const customer = await findCustomerById(this.deps.db, principal.customerId);
    if (!customer) throw new Forbidden(messages.adminOnly);
    return await registerAgent(
      this.deps,
      { customer: customer.name, name: body.name, group: body.group },
      { actor: () => principal, via: "console" },
    );
  }
}
