import { parseArgs } from "node:util";

export interface AgentOptions {
  server: string;
  agentId: string;
  secret: string;
  config?: string;
}

export const USAGE = `usage: pnpm agent --server URL --agent-id ID --secret SECRET [--config agent.yaml]
  or set METABUILD_SERVER, METABUILD_AGENT_ID, METABUILD_AGENT_SECRET, METABUILD_AGENT_CONFIG
  (prefer the variable for the secret: command lines are visible to other users)`;

/** Command-line flags win over environment variables. Throws with a usage text when one is missing. */
export function parseOptions(
  argv: string[],
  env: Record<string, string | undefined>,
): AgentOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: "string" },
      "agent-id": { type: "string" },
      secret: { type: "string" },
      config: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  const server = values.server ?? env.METABUILD_SERVER;
  const agentId = values["agent-id"] ?? env.METABUILD_AGENT_ID;
  const secret = values.secret ?? env.METABUILD_AGENT_SECRET;
  const config = values.config ?? env.METABUILD_AGENT_CONFIG;
  const missing = [!server && "--server", !agentId && "--agent-id", !secret && "--secret"].filter(
    Boolean,
  );
  if (missing.length > 0) throw new Error(`missing ${missing.join(", ")}\n${USAGE}`);
  return { server: server as string, agentId: agentId as string, secret: secret as string, config };
}
