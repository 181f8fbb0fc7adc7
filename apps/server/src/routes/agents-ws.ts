import { type IncomingMessage, STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { AGENT_SOCKET_PATH, AgentCloseCode } from "@metabuild/contract/agent-protocol";
import { agentSocket } from "@metabuild/contract/operations";
import { BadRequest } from "@metabuild/core";
import type { Hono } from "hono";
import { WebSocketServer, type WebSocket } from "ws";
import type { AppEnv } from "../app-env.ts";
import { clientAddressOfRequest } from "../http/client-address.ts";
import { document } from "../http/operation.ts";
import type { Logger } from "../infra/logger.ts";
import type { AgentHub } from "../services/agents/hub.ts";
import type { AgentSession } from "../services/agents/session.ts";

// A peer that does not answer our close frame is cut off after this long.
const CLOSE_GRACE_MS = 1000;

/** The socket limits of docs/agents.md ("Socket limits"), from Config. */
export interface AgentSocketLimits {
  agentPreHelloBytes: number;
  agentUnauthenticatedPerAddress: number;
  agentFrameMaxBytes: number;
  /** Trusted proxy hops: the per-address count uses the forwarded client (docs/http-edge.md). */
  trustProxy: number;
  /** METABUILD_BASE_PATH: the socket is at `<base>/api/agents/ws` (docs/http-edge.md). */
  basePath: string;
}

/**
 * Mounts the agents' WebSocket endpoint; returns the function that attaches
 * the upgrade handling to the HTTP server once it exists. The upgrade is
 * handled here with `ws` directly (not through Hono), so a socket is counted
 * and limited from its first byte: at most `agentUnauthenticatedPerAddress`
 * sockets per address until they sign in, `agentPreHelloBytes` before
 * `hello` succeeds, `agentFrameMaxBytes` per frame after.
 */
export function mountAgentSocket(
  app: Hono<AppEnv>,
  hub: AgentHub,
  limits: AgentSocketLimits,
  logger: Logger,
): (server: Server) => void {
  document(agentSocket);
  // A plain GET (no upgrade) ends here: say what the path is for.
  app.get(AGENT_SOCKET_PATH, () => {
    throw new BadRequest("This is the agents' WebSocket endpoint: connect with a WebSocket client");
  });
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: limits.agentFrameMaxBytes,
  });
  const waiting = new Map<string, number>(); // unauthenticated sockets per address

  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const remote = clientAddressOfRequest(request, limits.trustProxy);
    if ((waiting.get(remote) ?? 0) >= limits.agentUnauthenticatedPerAddress) {
      refuse(socket, 429, "Too many agent connections from this address are not signed in yet");
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      waiting.set(remote, (waiting.get(remote) ?? 0) + 1);
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        socket.off("data", countBytes);
        const left = (waiting.get(remote) ?? 1) - 1;
        if (left > 0) waiting.set(remote, left);
        else waiting.delete(remote);
      };
      let session: AgentSession | undefined;
      let received = 0;
      // Runs before ws's own reader: a flood is cut off before it is buffered or parsed.
      function countBytes(chunk: Buffer) {
        received += chunk.byteLength;
        if (received <= limits.agentPreHelloBytes) return;
        release();
        socket.pause();
        session?.end(
          AgentCloseCode.tooBig,
          `More than ${limits.agentPreHelloBytes} bytes before hello`,
        );
      }
      socket.prependListener("data", countBytes);
      session = hub.open(
        {
          send: (text: string) => ws.send(text),
          close: (code: number, reason: string) => {
            ws.close(code, reason);
            setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
          },
          authenticated: release,
        },
        remote,
      );
      const current = session;
      ws.on("message", (data, isBinary) => {
        if (isBinary) current.end(AgentCloseCode.badHello, "Messages must be JSON text");
        else current.receive(frameText(data));
      });
      ws.on("close", () => {
        release();
        current.closed();
      });
      // ws has closed the socket itself (1009 past agentFrameMaxBytes, 1002 bad framing):
      // an expected refusal, not a server fault.
      ws.on("error", (err: Error & { code?: string }) => {
        logger.info(`Agent socket from ${remote} closed: ${err.code ?? err.message}`);
        release();
        current.end(AgentCloseCode.tooBig, "Frame refused");
      });
    });
  };

  return (server) => {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on("error", () => socket.destroy());
      const path = new URL(request.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "");
      if (path !== limits.basePath + AGENT_SOCKET_PATH) refuse(socket, 404, "No WebSocket here");
      else accept(request, socket, head);
    });
  };
}

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

/** Answers an upgrade request with a plain HTTP status and closes the connection. */
function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nConnection: close\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
