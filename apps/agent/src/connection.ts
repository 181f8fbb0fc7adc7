import {
  AGENT_SOCKET_PATH,
  type AgentMessage,
  type DeployMessage,
  type HarvestMessage,
  FATAL_CLOSE_CODES,
  ServerMessage,
  parseFrame,
} from "@metabuild/contract/agent-protocol";
import WebSocket from "ws";
import type { HarvestReporter } from "./harvest.ts";
import type { RunReporter } from "./runner.ts";

export interface ConnectionOptions {
  /** The server's base URL: http(s)://host:port, or ws(s)://… */
  server: string;
  agentId: string;
  secret: string;
  reconnect: { minMs: number; maxMs: number };
  onDeploy(msg: DeployMessage, report: RunReporter): void;
  /** A user cancelled the run: stop it, or never start it (docs/agents.md). */
  onCancel?(runId: number): void;
  /** Source names of agent.yaml, announced in hello (docs/harvesting.md). */
  sources?: string[];
  onHarvest?(msg: HarvestMessage, report: HarvestReporter): void;
  /** The connection ended: the server fails the runs it had sent over it. */
  onDisconnect(reason: string): void;
  /** The server refused this agent for good (wrong secret, disabled, deleted). */
  onRefused(reason: string): void;
  log(line: string): void;
}

/** The WebSocket URL of the agents' endpoint on `server`. */
export function socketUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  else if (url.protocol !== "ws:" && url.protocol !== "wss:")
    throw new Error(`--server must be an http(s):// or ws(s):// URL, not ${server}`);
  url.pathname = url.pathname.replace(/\/+$/, "") + AGENT_SOCKET_PATH;
  return url.toString();
}

/** Back-off before reconnect attempt `attempt` (0-based): doubling, capped, with jitter. */
export function backoffDelay(attempt: number, min: number, max: number, random = Math.random) {
  const base = Math.min(max, min * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * Holds the agent's connection: signs in with `hello`, answers pings,
 * hands deployments to `onDeploy`, and reconnects with back-off whenever the
 * connection drops or the server goes silent.
 */
export class AgentConnection {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private silenceLimitMs = 60_000;
  private readonly url: string;

  constructor(private readonly opts: ConnectionOptions) {
    this.url = socketUrl(opts.server);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once("close", () => resolve());
      socket.close(1000, "Agent stopping");
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000).unref();
    });
  }

  private connect(): void {
    // Archives arrive inline (base64): allow large frames.
    const socket = new WebSocket(this.url, {
      handshakeTimeout: 10_000,
      maxPayload: 512 * 1024 * 1024,
    });
    this.socket = socket;
    socket.on("open", () => {
      this.send(socket, {
        type: "hello",
        agent_id: this.opts.agentId,
        secret: this.opts.secret,
        client: `metabuild-agent pid ${process.pid}`,
        ...(this.opts.sources?.length ? { sources: this.opts.sources } : {}),
      });
      this.heard(socket);
    });
    socket.on("message", (data) => this.receive(socket, data.toString()));
    socket.on("error", (err) => this.opts.log(`Connection error: ${err.message}`));
    socket.on("close", (code, reasonBuffer) => {
      clearTimeout(this.silenceTimer);
      if (this.socket === socket) this.socket = undefined;
      const reason = reasonBuffer.toString() || "no reason given";
      this.opts.onDisconnect(reason);
      if (FATAL_CLOSE_CODES.includes(code)) {
        this.opts.log(`The server refused this agent: ${reason}`);
        this.stopped = true;
        this.opts.onRefused(reason);
        return;
      }
      if (this.stopped) return;
      const delay = backoffDelay(
        this.attempt++,
        this.opts.reconnect.minMs,
        this.opts.reconnect.maxMs,
      );
      this.opts.log(`Disconnected (${code}: ${reason}); reconnecting in ${delay} ms`);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  private receive(socket: WebSocket, text: string): void {
    this.heard(socket);
    const msg = parseFrame(ServerMessage, text);
    if (!msg) {
      this.opts.log("Ignored a frame the agent does not understand");
      return;
    }
    switch (msg.type) {
      case "welcome":
        this.attempt = 0;
        this.silenceLimitMs = msg.heartbeat_ms * 3;
        this.heard(socket);
        this.opts.log(`Connected to ${this.opts.server} as '${msg.agent.name}'`);
        break;
      case "ping":
        this.send(socket, { type: "pong" });
        break;
      case "deploy":
        this.opts.onDeploy(msg, this.reporter(msg.run_id));
        break;
      case "cancel":
        this.opts.log(`[run ${msg.run_id}] Cancelled by the server`);
        this.opts.onCancel?.(msg.run_id);
        break;
      case "harvest":
        if (this.opts.onHarvest) this.opts.onHarvest(msg, this.harvestReporter(msg.run_id));
        else this.harvestReporter(msg.run_id).finished("FAILED", "This agent does not harvest");
        break;
    }
  }

  /** Progress of a run goes over whichever connection is open when it is reported. */
  private reporter(runId: number): RunReporter {
    const send = (m: AgentMessage) => {
      if (this.socket) this.send(this.socket, m);
    };
    return {
      started: () => send({ type: "run_started", run_id: runId }),
      log: (line) => {
        this.opts.log(`[run ${runId}] ${line}`);
        send({ type: "run_log", run_id: runId, line });
      },
      finished: (status, message) =>
        send({ type: "run_finished", run_id: runId, status, ...(message ? { message } : {}) }),
    };
  }

  private harvestReporter(runId: number): HarvestReporter {
    const send = (m: AgentMessage) => {
      if (this.socket) this.send(this.socket, m);
    };
    return {
      started: () => send({ type: "harvest_started", run_id: runId }),
      log: (line) => {
        this.opts.log(`[harvest ${runId}] ${line}`);
        send({ type: "harvest_log", run_id: runId, line });
      },
      catalog: (part, data) => send({ type: "harvest_catalog", run_id: runId, part, ...data }),
      finished: (status, message, parts) =>
        send({
          type: "harvest_finished",
          run_id: runId,
          status,
          ...(message ? { message } : {}),
          ...(parts !== undefined ? { parts } : {}),
        }),
    };
  }

  /** A server silent for 3 heartbeats is gone: drop the socket and reconnect. */
  private heard(socket: WebSocket): void {
    clearTimeout(this.silenceTimer);
    const timer = setTimeout(() => {
      // Frames that came while this process was stalled are read first (I/O runs
      // before setImmediate): only a server still silent then is gone.
      setImmediate(() => {
        if (this.silenceTimer !== timer) return;
        this.opts.log(`No word from the server for ${this.silenceLimitMs} ms`);
        socket.terminate();
      });
    }, this.silenceLimitMs);
    this.silenceTimer = timer;
  }

  private send(socket: WebSocket, msg: AgentMessage): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
  }
}
