import {
  AgentCloseCode,
  type AgentMessage,
  type ServerMessage,
} from "@metabuild/contract/agent-protocol";
import {
  type AgentRow,
  type BuildDeploymentRow,
  type Db,
  type HarvestRunRow,
  QUEUED_RUN_KINDS,
  type QueuedRun,
  type QueuedRunKind,
  type StoreChannel,
  agentsByIds,
  clearAgentConnections,
  findAgentByUuid,
  markAllAgentsOffline,
  markUnheldAgentsOffline,
  openProcessChannel,
  runsByIds,
  sentUnfinishedRunIds,
  setAgentOnline,
  storeIsOpen,
  takeQueuedRuns,
} from "@metabuild/db";
import bcrypt from "bcryptjs";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { EventBus } from "../events.ts";
import { toAgent } from "../agents.ts";
import type { HarvestRuns } from "../harvests/runs.ts";
import { AgentTurns } from "./agent-turns.ts";
import { type AgentConnectionOptions, AgentConnections } from "./connections.ts";
import type { RunSender } from "./dispatch.ts";
import type { DeploymentRuns } from "./runs.ts";
import { endUnheldRuns } from "./unheld-runs.ts";
import { type AgentLink, AgentSession, type SessionHost } from "./session.ts";

// Compared against when the agent id is unknown, so both refusals take the same time.
const DUMMY_HASH = bcrypt.hashSync("metabuild-no-such-agent", 10);
const REFUSED = "Invalid agent id or secret";
/** The store channel a process asks the holder of an agent's socket to send its queued runs on. */
const CHANNEL = "metabuild_agents";

/**
 * The connected agents of this server process: signs them in, keeps
 * `agents.online` and the store's record of which process holds each socket
 * in step with their connections, announces the changes on the event bus,
 * and carries deployment and harvest runs to them, whichever process
 * stored them (docs/scale-out.md "Agents").
 */
export class AgentHub {
  private readonly sessions = new Map<number, AgentSession>();
  /** Every open connection, signed in or not, so a shutdown can end them all. */
  private readonly connections = new Set<AgentSession>();
  private readonly host: SessionHost;
  /** Sign-ins and clean-ups of one agent's connections, one at a time. */
  private readonly turns = new AgentTurns();
  /** Harvest runs (docs/harvesting.md), set once the harvest services exist. */
  harvests: HarvestRuns | undefined;
  /** Sends a queued deployment run to its agent, set once the deployment services exist. */
  sender: RunSender<BuildDeploymentRow> | undefined;
  /** Sends a queued harvest run to its agent, set once the harvest services exist. */
  harvestSender: RunSender<HarvestRunRow> | undefined;
  readonly held: AgentConnections;
  private channel: StoreChannel | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly runs: DeploymentRuns,
    private readonly logger: Logger,
    heartbeatMs: number,
    options: AgentConnectionOptions = { staleMs: 30_000, onlyServer: true },
  ) {
    this.held = new AgentConnections(db, options);
    this.host = {
      heartbeatMs: Math.max(50, heartbeatMs),
      signIn: (agentId, secret) => this.signIn(agentId, secret),
      reload: (agent) => this.reload(agent),
      attached: (session) => this.turns.run(agentIdOf(session), () => this.attached(session)),
      welcomed: (session) => void this.sendQueued([(session.agent as AgentRow).id]),
      detached: (session, reason) =>
        this.turns.run(agentIdOf(session), () => this.detached(session, reason)),
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

  /** Of `agentIds`, those connected to this or another live server process. */
  async reachable(agentIds: readonly number[]): Promise<Set<number>> {
    return new Set((await this.reachableSources(agentIds)).keys());
  }

  /**
   * Of `agentIds`, those connected to this or another live server process,
   * with the harvest sources each announced (the holder stored them).
   */
  async reachableSources(agentIds: readonly number[]): Promise<Map<number, string[]>> {
    const elsewhere = await this.held.sources(agentIds.filter((id) => !this.isConnected(id)));
    const found = new Map<number, string[]>();
    for (const id of agentIds) {
      const sources = this.sourcesOf(id) ?? elsewhere.get(id);
      if (sources) found.set(id, sources);
    }
    return found;
  }

  /**
   * A run for the agent was queued in the store: sends it when the agent is
   * connected here, else asks the other processes (the holder sends it).
   */
  async deliver(agentId: number): Promise<void> {
    if (this.isConnected(agentId)) await this.sendQueued([agentId]);
    else await this.channel?.send(JSON.stringify({ agentId }));
  }

  /**
   * A user cancelled a run the agent may hold: tells the agent when it is
   * connected here, else asks the process holding its socket to.
   */
  async cancel(agentId: number, runId: number): Promise<void> {
    if (this.isConnected(agentId)) this.send(agentId, { type: "cancel", run_id: runId });
    else await this.channel?.send(JSON.stringify({ agentId, cancel: runId }));
  }

  /** Takes the queued runs of agents connected here and sends them. */
  private async sendQueued(agentIds: number[]): Promise<void> {
    const here = agentIds.filter((id) => this.isConnected(id));
    if (here.length === 0 || !storeIsOpen(this.db)) return;
    await this.sendEach("deployment", here, this.sender);
    await this.sendEach("harvest", here, this.harvestSender);
  }

  private async sendEach<K extends QueuedRunKind>(
    kind: K,
    here: number[],
    sender: RunSender<QueuedRun<K>> | undefined,
  ): Promise<void> {
    if (!sender) return;
    for (const run of await takeQueuedRuns(this.db, kind, here)) {
      const agent =
        this.sessions.get(run.agentId as number)?.agent ??
        (await agentsByIds(this.db, [run.agentId as number]))[0];
      // A gone session makes the send answer false: the run ends FAILED with the reason.
      await sender.send(run, agent, (id, msg) => this.send(id, msg));
    }
  }

  /** Ends a run of either kind FAILED with the reason. */
  private async failRun(
    kind: QueuedRunKind,
    run: BuildDeploymentRow | HarvestRunRow,
    reason: string,
  ): Promise<void> {
    if (kind === "deployment") await this.runs.fail(run as BuildDeploymentRow, reason);
    else await this.harvests?.fail(run as HarvestRunRow, reason);
  }

  /**
   * At server start. The store's only server (SQLite): no agent is connected
   * yet and no run can still be going. One of several (PostgreSQL): only
   * what processes that are gone left behind is cleaned up.
   */
  async recoverAfterRestart(): Promise<void> {
    if (!this.held.options.onlyServer) return await this.sweep();
    await clearAgentConnections(this.db);
    await markAllAgentsOffline(this.db);
    await this.runs.failAllUnfinished("The server restarted while the run was queued or running");
    await this.harvests?.failAllUnfinished(
      "The server restarted while the run was queued or running",
    );
  }

  /**
   * Listens for runs other processes queued for agents connected here, and
   * every fifth of the stale bound renews this process's connections,
   * cleans up after processes that are gone, and sends queued runs whose
   * notification was missed. Answers the function that stops (a graceful
   * stop gives the connections up: their runs end FAILED at once).
   */
  async keep(): Promise<() => Promise<void>> {
    this.channel = await openProcessChannel(
      this.db,
      CHANNEL,
      (payload) => {
        const { agentId, cancel } = JSON.parse(payload) as { agentId: number; cancel?: number };
        if (!this.isConnected(agentId)) return;
        if (cancel !== undefined) this.send(agentId, { type: "cancel", run_id: cancel });
        else this.sendQueued([agentId]).catch((err: Error) => this.warn(err));
      },
      (err) => this.warn(err),
    );
    const every = Math.max(50, Math.floor(this.held.options.staleMs / 5));
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const beat = () => {
      this.tick()
        .catch((err: Error) => this.warn(err))
        .finally(() => {
          if (!stopped) timer = setTimeout(beat, every);
        });
    };
    timer = setTimeout(beat, every);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await this.channel?.close();
      this.channel = undefined;
      if (!storeIsOpen(this.db)) return;
      const gone = await agentsByIds(this.db, await this.held.releaseAll());
      // As when their sockets close first (detached): the same reason, whichever ends them.
      for (const agent of gone)
        await this.lost(
          agent,
          `Agent '${agent.name}' disconnected during the run (The server is shutting down)`,
        );
    };
  }

  private warn(err: Error): void {
    this.logger.warn(`Agent connections: ${err.message}`);
  }

  private async tick(): Promise<void> {
    const here = [...this.sessions].filter(([, s]) => s.ready);
    const kept = await this.held.renew();
    // Another process took the agent over (this one was frozen): the socket here is stale.
    for (const [id, session] of here)
      if (!kept.has(id))
        session.end(AgentCloseCode.replaced, "Replaced by a newer connection of the same agent");
    await this.sweep();
    await this.sendQueued(here.map(([id]) => id));
  }

  /** Cleans up after server processes that stopped heartbeating (any process may). */
  private async sweep(): Promise<void> {
    for (const agent of await agentsByIds(this.db, await this.held.dropStale()))
      await this.lost(
        agent,
        `The server process holding agent '${agent.name}' stopped while the run was queued or running`,
      );
    for (const agent of await agentsByIds(
      this.db,
      await markUnheldAgentsOffline(this.db, this.clock.now().toISOString()),
    ))
      this.announce(agent);
    await endUnheldRuns(this.db, (kind, run, reason) => this.failRun(kind, run, reason));
  }

  /** The agent's connection is gone for good: offline, and its runs cannot end well. */
  private async lost(agent: AgentRow, reason: string): Promise<void> {
    await this.setOnline(agent, false);
    await this.runs.failRunsOf(agent, reason);
    await this.harvests?.failRunsOf(agent, reason);
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
    // The row first: from now on runs queued for the agent anywhere are this process's to send.
    const elsewhere = await this.held.hold(agent.id, session.sources);
    this.sessions.set(agent.id, session);
    if ((previous && previous !== session) || elsewhere !== undefined) {
      // Runs sent over the earlier connection (here or on another process) die with it; the
      // new connection starts clean. Runs still queued are sent once it is welcomed.
      const reason = `Agent '${agent.name}' reconnected while the run was going`;
      for (const kind of QUEUED_RUN_KINDS)
        for (const run of await runsByIds(
          this.db,
          kind,
          await sentUnfinishedRunIds(this.db, kind, agent.id),
        ))
          await this.failRun(kind, run, reason);
      if (previous && previous !== session)
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
    // The agent reconnected to another process, which holds it now: nothing ends here.
    if (!(await this.held.release(agent.id))) return;
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
    this.announce((await findAgentByUuid(this.db, agent.agentId)) ?? agent);
  }

  /** On the event bus, hence every process's event streams (docs/scale-out.md "Events"). */
  private announce(row: AgentRow): void {
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

const agentIdOf = (session: AgentSession) => (session.agent as AgentRow).id;
