/**
 * The shell lines that start a registered agent (docs/agents.md): the secret
 * goes into the environment, never onto the command line or into a URL.
 */
export function agentStartCommand(input: {
  serverUrl: string;
  agentId: string;
  secret: string;
}): string {
  return [
    `export METABUILD_AGENT_SECRET='${input.secret.replaceAll("'", "'\\''")}'`,
    `metabuild-agent --server ${input.serverUrl} --agent-id ${input.agentId} --config agent.yaml`,
  ].join("\n");
}

/** The server's URL as the agent must reach it: this console's origin and base path. */
export function consoleServerUrl(origin: string, basePath: string): string {
  return `${origin}${basePath}`;
}
