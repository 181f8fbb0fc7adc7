import { AGENT_SOCKET_PATH } from "../agent-protocol.ts";
import { defineOperation } from "./operation.ts";

export const agentSocket = defineOperation({
  method: "get",
  path: AGENT_SOCKET_PATH,
  summary: "The agents' WebSocket (not for users)",
  description:
    "An agent program upgrades this request to a WebSocket and sends `hello` with its " +
    "`agent_id` and secret first (never a user token). The messages are defined in " +
    "packages/contract/src/agent-protocol.ts; see docs/agents.md.",
  tags: ["agents"],
  auth: false,
  status: 101,
});
