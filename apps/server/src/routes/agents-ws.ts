import type { Server } from "node:http";
import { createNodeWebSocket } from "@hono/node-ws";
import { AGENT_SOCKET_PATH, AgentCloseCode } from "@metabuild/contract/agent-protocol";
import { BadRequest } from "@metabuild/core";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { defineOperation } from "../http/operation.ts";
import type { AgentSession } from "../services/agents/session.ts";

// A peer that does not answer our close frame is cut off after this long.
const CLOSE_GRACE_MS = 1000;

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

/**
 * Mounts the agents' WebSocket endpoint on `app`; returns the function that
 * attaches the upgrade handling to the HTTP server once it exists.
 */
export function mountAgentSocket(app: Hono<AppEnv>): (server: Server) => void {
  const { upgradeWebSocket, injectWebSocket } = createNodeWebSocket({ app });
  app.get(
    AGENT_SOCKET_PATH,
    upgradeWebSocket((c) => {
      const hub = c.var.services.agentHub;
      const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } })?.incoming;
      const remote = incoming?.socket?.remoteAddress ?? "unknown";
      let session: AgentSession | undefined;
      return {
        onOpen(_event, ws) {
          session = hub.open(
            {
              send: (text: string) => ws.send(text),
              close: (code: number, reason: string) => {
                ws.close(code, reason);
                setTimeout(() => ws.raw?.terminate(), CLOSE_GRACE_MS).unref();
              },
            },
            remote,
          );
        },
        onMessage(event) {
          if (typeof event.data === "string") session?.receive(event.data);
          else session?.end(AgentCloseCode.badHello, "Messages must be JSON text");
        },
        onClose() {
          session?.closed();
        },
        onError() {
          session?.closed();
        },
      };
    }),
  );
  // A plain GET (no upgrade) ends here: say what the path is for.
  app.get(AGENT_SOCKET_PATH, () => {
    throw new BadRequest("This is the agents' WebSocket endpoint: connect with a WebSocket client");
  });
  return (server) => injectWebSocket(server);
}
