import {
  AgentCloseCode,
  AgentMessage,
  type ServerMessage,
  parseFrame,
} from "@metabuild/contract/agent-protocol";
import type { AgentRow } from "@metabuild/db";

/** The server's end of one agent WebSocket, whatever carries it. */
export interface AgentLink {
  send(text: string): void;
  /** Sends a close frame, then drops the connection if the peer does not answer. */
  close(code: number, reason: string): void;
  /** The sign-in succeeded: the pre-hello limits no longer apply (docs/agents.md). */
  authenticated?(): void;
}

/** What a session asks of the hub; the hub owns the store and the other sessions. */
export interface SessionHost {
  readonly heartbeatMs: number;
  /** Checks the hello; resolves the agent, or a close code and reason. */
  signIn(
    agentId: string,
    secret: string,
  ): Promise<{ agent: AgentRow } | { code: number; reason: string }>;
  /** The agent as the store has it now (disabled or deleted while connected?). */
  reload(agent: AgentRow): Promise<AgentRow | undefined>;
  attached(session: AgentSession): Promise<void>;
  /** The welcome went out: the agent takes deployments from now on. */
  welcomed?(session: AgentSession): void;
  detached(session: AgentSession, reason: string): Promise<void>;
  /** The session ended, signed in or not. */
  ended(session: AgentSession): void;
  received(
    session: AgentSession,
    msg: Exclude<AgentMessage, { type: "hello" | "pong" }>,
  ): Promise<void>;
  log(line: string): void;
}

type State = "awaiting-hello" | "signing-in" | "ready" | "closed";

/**
 * One connection's protocol: the first frame must be `hello` (else it is
 * closed), then pings go out every heartbeat and a connection silent for two
 * heartbeats, having answered none of the last two pings, is dropped. Any
 * frame counts as a sign of life.
 */
export class AgentSession {
  private state: State = "awaiting-hello";
  private lastHeard = performance.now();
  /** Pings sent since the agent's last frame. */
  private unansweredPings = 0;
  private helloTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  agent: AgentRow | undefined;
  /** Source names the agent announced in its hello (docs/harvesting.md). */
  sources: string[] = [];

  constructor(
    private readonly link: AgentLink,
    private readonly host: SessionHost,
    readonly remote: string,
  ) {
    this.helloTimer = setTimeout(
      () => this.end(AgentCloseCode.badHello, "No hello within the time limit"),
      Math.min(10_000, host.heartbeatMs * 2),
    );
  }

  get ready(): boolean {
    return this.state === "ready";
  }

  send(msg: ServerMessage): boolean {
    if (this.state !== "ready") return false;
    try {
      this.link.send(JSON.stringify(msg));
      return true;
    } catch {
      return false;
    }
  }

  receive(text: string): void {
    if (this.state === "closed") return;
    this.lastHeard = performance.now();
    this.unansweredPings = 0;
    const msg = parseFrame(AgentMessage, text);
    if (this.state === "awaiting-hello") {
      clearTimeout(this.helloTimer);
      if (msg?.type !== "hello") {
        this.end(AgentCloseCode.badHello, "The first message must be a valid hello");
        return;
      }
      this.state = "signing-in";
      this.sources = msg.sources ?? [];
      void this.signIn(msg.agent_id, msg.secret);
      return;
    }
    if (this.state !== "ready" || !msg) return;
    if (msg.type === "hello" || msg.type === "pong") return;
    this.inOrder(() => this.host.received(this, msg));
  }

  /**
   * The store work of the frames runs one after another, in the order they
   * came (a run's log lines before its end), though each is asynchronous.
   */
  private inbox: Promise<void> = Promise.resolve();

  /** Resolves once the frames received so far, and a close, are in the store. */
  settled(): Promise<void> {
    return this.inbox;
  }

  private inOrder(work: () => Promise<void>): void {
    this.inbox = this.inbox.then(work).catch((err) => {
      this.host.log(`Agent message failed: ${err instanceof Error ? err.message : err}`);
    });
  }

  private async signIn(agentId: string, secret: string) {
    let result: Awaited<ReturnType<SessionHost["signIn"]>>;
    try {
      result = await this.host.signIn(agentId, secret);
    } catch (err) {
      this.host.log(`Agent sign-in failed: ${err instanceof Error ? err.message : err}`);
      result = { code: 1011, reason: "The server could not check the sign-in" };
    }
    if (this.state !== "signing-in") return; // closed while the hash was checked
    if ("code" in result) {
      this.end(result.code, result.reason);
      return;
    }
    this.agent = result.agent;
    this.state = "ready";
    this.link.authenticated?.();
    try {
      await this.host.attached(this);
    } catch (err) {
      this.host.log(`Agent sign-in failed: ${err instanceof Error ? err.message : err}`);
      this.end(1011, "The server could not check the sign-in");
      return;
    }
    if (this.state !== "ready") return; // closed while it was marked online
    this.send({
      type: "welcome",
      agent: {
        id: result.agent.id,
        agent_id: result.agent.agentId,
        name: result.agent.name,
        group_id: result.agent.groupId,
      },
      heartbeat_ms: this.host.heartbeatMs,
    });
    this.heartbeat = setInterval(() => void this.beat(), this.host.heartbeatMs);
    this.host.welcomed?.(this);
  }

  private async beat(): Promise<void> {
    let row: AgentRow | undefined;
    try {
      row = this.agent && (await this.host.reload(this.agent));
    } catch {
      return; // the store is closing (shutdown); the next beat asks again
    }
    if (this.state !== "ready") return;
    // Measured after the store's answer, so frames that came meanwhile count.
    const silentFor = performance.now() - this.lastHeard;
    if (!row || row.deleted === 1) this.end(AgentCloseCode.refused, "The agent was deleted");
    else if (row.disabled === 1) this.end(AgentCloseCode.disabled, "The agent was disabled");
    // Both: a server stalled past two heartbeats (a busy machine) sent no pings meanwhile,
    // so the agent had nothing to answer and is not dropped for it (docs/agents.md).
    else if (this.unansweredPings >= 2 && silentFor > this.host.heartbeatMs * 2)
      this.end(AgentCloseCode.heartbeat, `No heartbeat for ${Math.round(silentFor)} ms`);
    else if (this.send({ type: "ping" })) this.unansweredPings++;
  }

  /** The transport closed (by the peer, or after our own close). */
  closed(): void {
    this.end(1000, "Connection closed");
  }

  /**
   * Ends the session at once: the agent is offline from this moment, even if
   * a dead peer never answers the close frame.
   */
  end(code: number, reason: string): void {
    if (this.state === "closed") return;
    const wasReady = this.state === "ready";
    this.state = "closed";
    clearTimeout(this.helloTimer);
    clearInterval(this.heartbeat);
    try {
      this.link.close(code, reason);
    } catch {
      // the transport is gone already
    }
    if (wasReady) this.inOrder(() => this.host.detached(this, reason));
    this.host.ended(this);
  }
}
