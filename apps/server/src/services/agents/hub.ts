import {
  AgentCloseCode,
  type AgentMessage,
  type ServerMessage,
} from "@metabuild/contract/agent-protocol";
import {
  type AgentRow,
  type Db,
  findAgentByUuid,
  markAllAgentsOffline,
  setAgentOnline,
  storeIsOpen,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import type { Logger } from "../../http/error-handler.ts";
import type { Clock } from "../../infra/clock.ts";
import type { EventBus } from "../events.ts";
import { toAgent } from "../agents.ts";
import type { HarvestRuns } from "../harvests/runs.ts";
import type { DeploymentRuns } from "./runs.ts";
import { type AgentLink, AgentSession, type SessionHost } from "./session.ts";

// Compared against when the agent id is unknown, so both refusals take the same time.
const DUMMY_HASH = bcrypt.hashSync("metabuild-no-such-agent", 10);
const REFUSED = "Invalid agent id or secret";

/**
 * The connected agents of this server process: signs them in, keeps
 * `agents.online` in step with their connections, announces the changes on
 * the event bus, and carries deployments to them.
 */
export class AgentHub {
  private readonly sessions = new Map<number, AgentSession>();
  /** Every open connection, signed in or not, so a shutdown can end them all. */
  private readonly connections = new Set<AgentSession>();
  private readonly host: SessionHost;
  /** Harvest runs (docs/harvesting.md), set once the harvest services exist. */
  harvests: HarvestRuns | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly runs: DeploymentRuns,
    private readonly logger: Logger,
    heartbeatMs: number,
  ) {
    this.host = {
      heartbeatMs: Math.max(50, heartbeatMs),
      signIn: (agentId, secret) => this.signIn(agentId, secret),
      reload: (agent) => this.reload(agent),
      attached: (session) => this.attached(session),
      detached: (session, reason) => this.detached(session, reason),
      ended: (session) => this.connections.delete(session),
      received: (session, msg) => this.received(session, msg),
      log: (line) => this.logger.warn(line),
    };
  }

  /** A new connection; it becomes an agent's once its hello checks out. */
  open(link: AgentLink, remote = "unknown"): AgentSession {
    const session = new AgentSession(link, this.host, remote);
    this.connections.add(session);
    return session;
  }

  /** Agents signed in now (the agents_online gauge). */
  get onlineCount(): number {
    return [...this.sessions.values()].filter((s) => s.ready).length;
  }

  isConnected(agentId: number): boolean {
    return this.sessions.get(agentId)?.ready ?? false;
  }

  /** The sources a connected agent announced; undefined when it is not connected. */
  sourcesOf(agentId: number): string[] | undefined {
    const session = this.sessions.get(agentId);
    return session?.ready ? session.sources : undefined;
  }

  /** Sends to a connected agent; false when it is not connected (any more). */
  send(agentId: number, msg: ServerMessage): boolean {
    return this.sessions.get(agentId)?.send(msg) ?? false;
  }

  /** At server start: no agent is connected yet and no run can still be going. */
  async recoverAfterRestart(): Promise<void> {
    await markAllAgentsOffline(this.db);
    await this.runs.failAllUnfinished("The server restarted while the run was queued or running");
    await this.harvests?.failAllUnfinished(
      "The server restarted while the run was queued or running",
    );
  }

  /** Server shutdown: say goodbye to every agent (they reconnect to the next server). */
  closeAll(): void {
    for (const session of [...this.connections])
      session.end(AgentCloseCode.shutdown, "The server is shutting down");
  }

  private async signIn(agentId: string, secret: string) {
    const row = await findAgentByUuid(this.db, agentId);
    const ok = await bcrypt.compare(secret, row?.secretHash ?? DUMMY_HASH);
    if (!row || !ok) return { code: AgentCloseCode.refused, reason: REFUSED };
    if (row.deleted === 1)
      return { code: AgentCloseCode.refused, reason: `Agent '${row.name}' has been deleted` };
    if (row.disabled === 1)
      return { code: AgentCloseCode.disabled, reason: `Agent '${row.name}' is disabled` };
    return { agent: row };
  }

  private async reload(agent: AgentRow): Promise<AgentRow | undefined> {
    return storeIsOpen(this.db) ? await findAgentByUuid(this.db, agent.agentId) : agent;
  }

  private async attached(session: AgentSession): Promise<void> {
    const agent = session.agent as AgentRow;
    const previous = this.sessions.get(agent.id);
    this.sessions.set(agent.id, session);
    if (previous && previous !== session) {
      // Its runs die with it; the new connection starts clean.
      await this.runs.failRunsOf(
        agent,
        `Agent '${agent.name}' reconnected while the run was going`,
      );
      await this.harvests?.failRunsOf(
        agent,
        `Agent '${agent.name}' reconnected while the run was going`,
      );
      previous.end(AgentCloseCode.replaced, "Replaced by a newer connection of the same agent");
    }
    await this.setOnline(agent, true);
    this.logger.info(`Agent '${agent.name}' connected from ${session.remote}`);
  }

  private async detached(session: AgentSession, reason: string): Promise<void> {
    const agent = session.agent as AgentRow;
    if (this.sessions.get(agent.id) !== session) return; // a newer connection took over
    this.sessions.delete(agent.id);
    if (!storeIsOpen(this.db)) return; // the store closed first (shutdown)
    await this.setOnline(agent, false);
    await this.runs.failRunsOf(
      agent,
      `Agent '${agent.name}' disconnected during the run (${reason})`,
    );
    await this.harvests?.failRunsOf(
      agent,
      `Agent '${agent.name}' disconnected during the run (${reason})`,
    );
    this.logger.info(`Agent '${agent.name}' disconnected: ${reason}`);
  }

  private async setOnline(agent: AgentRow, online: boolean): Promise<void> {
    await setAgentOnline(this.db, agent.id, online, this.clock.now().toISOString());
    const row = (await findAgentByUuid(this.db, agent.agentId)) ?? agent;
    this.events.publish({
      type: "agent.online",
      customerId: row.customerId,
      agent: toAgent(row),
    });
  }

  private async received(
    session: AgentSession,
    msg: Exclude<AgentMessage, { type: "hello" | "pong" }>,
  ): Promise<void> {
    const agent = session.agent as AgentRow;
    switch (msg.type) {
      case "run_started":
        await this.runs.started(agent, msg.run_id);
        break;
      case "run_log":
        await this.runs.log(agent, msg.run_id, msg.line);
        break;
      case "run_finished":
        await this.runs.finished(agent, msg.run_id, msg.status, msg.message);
        break;
      case "harvest_started":
        await this.harvests?.started(agent, msg.run_id);
        break;
      case "harvest_log":
        await this.harvests?.log(agent, msg.run_id, msg.line);
        break;
      case "harvest_catalog":
        await this.harvests?.catalog(agent, msg.run_id, msg.part, msg);
        break;
      case "harvest_finished":
        await this.harvests?.finished(agent, msg.run_id, msg.status, msg.parts, msg.message);
        break;
    }
  }
}
