import { Bundle } from "@metabuild/contract";
import { findAgentByName, findCustomerByName, transaction } from "@metabuild/db";
import { cliActor, recordAudit } from "../services/audit.ts";
import { importBundle } from "../services/bundle/import.ts";
import { resolveCustomer } from "./customer.ts";
import { CliError, type Command, parseCommandArgs, required, withStore } from "./io.ts";

const USAGE = "metabuild agents add --name N --group G [--customer C]";

/** `metabuild agents add`: registers an agent (group created if missing); prints its id and secret once. */
export const agentsAddCommand: Command = async (args, io, env) => {
  const { values } = parseCommandArgs(
    args,
    { name: { type: "string" }, group: { type: "string" }, customer: { type: "string" } },
    USAGE,
  );
  const name = required(values.name, "name", USAGE).trim();
  const group = required(values.group, "group", USAGE).trim();
  return withStore(env, async (store) => {
    const customer = await resolveCustomer(store.db, values.customer);
    const bundle = Bundle.parse({
      version: 1,
      customer,
      agent_groups: [{ name: group, agents: [{ name }] }],
    });
    const existingCustomer = (await findCustomerByName(store.db, customer))?.id;
    if (existingCustomer !== undefined && (await findAgentByName(store.db, existingCustomer, name)))
      throw new CliError(`An agent named '${name}' already exists in customer ${customer}`);
    const { generatedAgents } = await importBundle(store, bundle, {
      // The event is written in the import's transaction (docs/audit-log.md).
      inTransaction: async (fn) =>
        await transaction(store.db, async () => {
          await fn();
          const customerId = (await findCustomerByName(store.db, customer))?.id as number;
          const agent = await findAgentByName(store.db, customerId, name);
          await recordAudit(store.db, cliActor(customerId), {
            action: "agent.add",
            target: { kind: "agent", id: agent?.id, label: name },
            after: { group, agent_id: agent?.agentId, via: "cli" },
          });
        }),
    });
    const generated = generatedAgents[0];
    if (!generated?.agent_id || !generated.secret)
      throw new CliError(`Agent '${name}' was not created`);
    io.out(
      `Registered agent ${name} in group ${group} (customer ${customer}).\nagent_id: ${generated.agent_id}\nsecret: ${generated.secret}\nThe secret is stored only as a hash: keep it now.\n`,
    );
    return 0;
  });
};
