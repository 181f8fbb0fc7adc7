import { Conflict } from "@metabuild/core";
import { cliActor } from "../services/audit.ts";
import { registerAgent } from "../services/agents/registration.ts";
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
    try {
      const { agent, secret } = await registerAgent(
        store,
        { customer, name, group },
        { actor: cliActor, via: "cli" },
      );
      io.out(
        `Registered agent ${name} in group ${group} (customer ${customer}).\nagent_id: ${agent.agentId}\nsecret: ${secret}\nThe secret is stored only as a hash: keep it now.\n`,
      );
      return 0;
    } catch (err) {
      if (err instanceof Conflict) throw new CliError(err.message);
      throw err;
    }
  });
};
