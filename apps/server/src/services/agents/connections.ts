import { randomUUID } from "node:crypto";
import {
  type Db,
  connectedAgentSources,
  dropStaleAgentConnections,
  holdAgentConnection,
  releaseAgentConnection,
  releaseAgentConnections,
  renewAgentConnections,
} from "@metabuild/db";

export interface AgentConnectionOptions {
  /** Milliseconds after which a connection whose process stopped heartbeating is cleaned up. */
  staleMs: number;
  /**
   * True when this process is the store's only server (SQLite, under its
   * lease): at start nothing can be connected anywhere.
   */
  onlyServer: boolean;
}

/**
 * This process's record of the agent sockets it holds (docs/scale-out.md
 * "Agents"): one store row per agent naming the process's run, heartbeated
 * every fifth of the stale bound, so the other processes can tell which
 * agents are reachable and clean up after a process that is gone.
 */
export class AgentConnections {
  /** A random id of this process's run: what the rows name. */
  readonly holder = randomUUID();

  constructor(
    private readonly db: Db,
    readonly options: AgentConnectionOptions,
  ) {}

  /** Answers the process that held the agent before (undefined: none, or this one). */
  async hold(agentId: number, sources: readonly string[] = []): Promise<string | undefined> {
    const before = await holdAgentConnection(this.db, agentId, this.holder, Date.now(), sources);
    return before === this.holder ? undefined : before;
  }

  /** False when another process holds the agent now (it reconnected there). */
  release(agentId: number): Promise<boolean> {
    return releaseAgentConnection(this.db, agentId, this.holder);
  }

  releaseAll(): Promise<number[]> {
    return releaseAgentConnections(this.db, this.holder);
  }

  /** Renews this process's rows; answers the agents still held here. */
  async renew(): Promise<Set<number>> {
    return new Set(await renewAgentConnections(this.db, this.holder, Date.now()));
  }

  /** Drops the rows of processes that stopped heartbeating; answers their agents. */
  dropStale(): Promise<number[]> {
    return dropStaleAgentConnections(this.db, Date.now() - this.options.staleMs);
  }

  /** Of `agentIds`, those some live process holds, with the sources each announced. */
  sources(agentIds: readonly number[]): Promise<Map<number, string[]>> {
    return connectedAgentSources(this.db, agentIds, Date.now() - this.options.staleMs);
  }
}
