import { parseArgs } from "node:util";
import pkg from "../package.json" with { type: "json" };

/** apps/agent/package.json's version, inlined by the build (the installed bin has no file beside it). */
export const AGENT_VERSION: string = pkg.version;

export interface AgentOptions {
  server: string;
  agentId: string;
  secret: string;
  config?: string;
}

// The installed command's name (from the repository: `pnpm agent …`, docs/agents.md).
export const USAGE = `usage: metabuild-agent --server URL --agent-id ID --secret SECRET [--config agent.yaml]
  or set METABUILD_SERVER, METABUILD_AGENT_ID, METABUILD_AGENT_SECRET, METABUILD_AGENT_CONFIG
  (prefer the variable for the secret: command lines are visible to other users)
       metabuild-agent --help | --version`;

const FLAGS = {
  server: { type: "string" },
  "agent-id": { type: "string" },
  secret: { type: "string" },
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

function flagsOf(argv: string[]) {
  return parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
}

/** What the command line asks for: run the agent, or only print a text (help, version). */
export type AgentCommand = { run: AgentOptions } | { print: string };

/** `--help` and `--version` answer without the other flags; anything else runs the agent. */
export function parseCommand(
  argv: string[],
  env: Record<string, string | undefined>,
): AgentCommand {
  const values = flagsOf(argv);
  if (values.help) return { print: USAGE };
  if (values.version) return { print: AGENT_VERSION };
  return { run: parseOptions(argv, env) };
}

/** Command-line flags win over environment variables. Throws with a usage text when one is missing. */
export function parseOptions(
  argv: string[],
  env: Record<string, string | undefined>,
): AgentOptions {
  const values = flagsOf(argv);
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
