import { describe, expect, it } from "vitest";
import { agentStartCommand, consoleServerUrl } from "./start-command.ts";

describe("an agent's start command", () => {
  it("puts the secret in the environment and the rest on the command line", () => {
    expect(
      agentStartCommand({
        serverUrl: consoleServerUrl("https://mb.example", "/mb"),
        agentId: "6f1c",
        secret: "s3cr'et",
      }),
    ).toBe(
      "export METABUILD_AGENT_SECRET='s3cr'\\''et'\nmetabuild-agent --server https://mb.example/mb --agent-id 6f1c --config agent.yaml",
    );
  });
});
