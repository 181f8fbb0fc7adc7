import { readFile } from "node:fs/promises";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Seconds: from a fast JSON answer to a long build. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BUILD_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
const SQL_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];
/** Seconds: agents' deployments and harvests, from a folder copy to a large catalog. */
const RUN_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** A number read when /metrics is scraped (queue depth, agents online, store size). */
type Probe = () => number | Promise<number>;

/** The PostgreSQL pool's connections (pg.Pool's counts), read when /metrics is scraped. */
export type PoolCounts = { total: number; idle: number; waiting: number };

/** Resident memory of a process from /proc (Linux); 0 when it is gone or unreadable. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The app's Prometheus metrics (docs/observability.md "Metrics"). One
 * Registry per app, not prom-client's global one, so tests can build
 * several apps. Services count through the small methods below.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly probes = new Map<string, Probe>();
  private readonly watched: {
    storePool?: () => PoolCounts | undefined;
    childProcesses?: () => Record<string, number[]>;
  } = {};

  private readonly http = new Histogram({
    name: "metabuild_http_request_duration_seconds",
    help: "HTTP requests until the answer's headers, by route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly builds = new Counter({
    name: "metabuild_builds_total",
    help: "Builds that ended, by final status",
    labelNames: ["status"] as const,
    registers: [this.registry],
  });
  private readonly buildDuration = new Histogram({
    name: "metabuild_build_duration_seconds",
    help: "Time a build ran in this process, by final status",
    labelNames: ["status"] as const,
    buckets: BUILD_BUCKETS,
    registers: [this.registry],
  });
  private readonly rendered = new Counter({
    name: "metabuild_build_instances_rendered_total",
    help: "Instances rendered by builds",
    registers: [this.registry],
  });
  private readonly sql = new Counter({
    name: "metabuild_sql_executions_total",
    help: "Metadata statement executions, by result status (FINISHED, ERROR; REFUSED: a 429, nothing ran)",
    labelNames: ["status"] as const,
    registers: [this.registry],
  });
  private readonly sqlDuration = new Histogram({
    name: "metabuild_sql_execution_duration_seconds",
    help: "Metadata statement execution time",
    buckets: SQL_BUCKETS,
    registers: [this.registry],
  });
  private readonly uploads = new Counter({
    name: "metabuild_uploads_total",
    help: "Spreadsheet uploads, by outcome (ok, failed)",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  private readonly runs = new Counter({
    name: "metabuild_agent_runs_total",
    help: "Agent runs that ended, by kind (deployment, harvest) and final status (SUCCEEDED, FAILED)",
    labelNames: ["kind", "status"] as const,
    registers: [this.registry],
  });
  private readonly runDuration = new Histogram({
    name: "metabuild_agent_run_duration_seconds",
    help: "Time from an agent run's start (else its creation) to its end, by kind and final status",
    labelNames: ["kind", "status"] as const,
    buckets: RUN_BUCKETS,
    registers: [this.registry],
  });
  private readonly eventStreams = new Gauge({
    name: "metabuild_event_streams_open",
    help: "Console event streams open now",
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    this.probe("metabuild_render_queue_depth", "Builds waiting for a render slot");
    this.probe("metabuild_agents_online", "Agents signed in on their WebSocket now");
    this.probe("metabuild_store_size_bytes", "Size of the SQLite store (file and write-ahead log)");
    this.probe("metabuild_builds_in_progress", "Builds rendering in this process now");
    const watched = this.watched;
    new Gauge({
      name: "metabuild_postgres_pool_connections",
      help: "Connections of the PostgreSQL store's pool by state (total, idle; waiting: queued requests); absent on SQLite",
      labelNames: ["state"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const counts = watched.storePool?.();
        if (counts) for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      },
    });
    new Gauge({
      name: "metabuild_child_process_resident_bytes",
      help: "Resident memory summed over this server's child processes, by kind (render_worker, sql_executor)",
      labelNames: ["kind"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [kind, pids] of Object.entries(watched.childProcesses?.() ?? {})) {
          const sizes = await Promise.all(pids.map(residentBytes));
          this.set(
            { kind },
            sizes.reduce((a, b) => a + b, 0),
          );
        }
      },
    });
    // CPU, memory, event loop lag: only for the real server (they install observers).
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  private probe(name: string, help: string): void {
    const probes = this.probes;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set((await probes.get(name)?.()) ?? 0);
      },
    });
  }

  /** Tells the gauges read at scrape time where to look. */
  watch(what: {
    renderQueueDepth?: Probe;
    agentsOnline?: Probe;
    storeSizeBytes?: Probe;
    buildsInProgress?: Probe;
    storePool?: () => PoolCounts | undefined;
    /** Process ids of the children by kind (render_worker, sql_executor). */
    childProcesses?: () => Record<string, number[]>;
  }): void {
    if (what.renderQueueDepth)
      this.probes.set("metabuild_render_queue_depth", what.renderQueueDepth);
    if (what.agentsOnline) this.probes.set("metabuild_agents_online", what.agentsOnline);
    if (what.storeSizeBytes) this.probes.set("metabuild_store_size_bytes", what.storeSizeBytes);
    if (what.buildsInProgress)
      this.probes.set("metabuild_builds_in_progress", what.buildsInProgress);
    if (what.storePool) this.watched.storePool = what.storePool;
    if (what.childProcesses) this.watched.childProcesses = what.childProcesses;
  }

  /** An agent's deployment or harvest run ended; `seconds` when its times are known. */
  agentRunEnded(kind: "deployment" | "harvest", status: string, seconds?: number): void {
    this.runs.inc({ kind, status });
    if (seconds !== undefined && seconds >= 0) this.runDuration.observe({ kind, status }, seconds);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  buildEnded(status: string, seconds: number, instancesRendered: number): void {
    this.builds.inc({ status });
    this.buildDuration.observe({ status }, seconds);
    if (instancesRendered > 0) this.rendered.inc(instancesRendered);
  }

  sqlExecuted(status: string, seconds?: number): void {
    this.sql.inc({ status });
    if (seconds !== undefined) this.sqlDuration.observe(seconds);
  }

  /** Counts a spreadsheet upload once it has ended: ok, or failed (refused or broken). */
  async countUpload<T>(upload: Promise<T>): Promise<T> {
    try {
      const result = await upload;
      this.uploads.inc({ outcome: "ok" });
      return result;
    } catch (err) {
      this.uploads.inc({ outcome: "failed" });
      throw err;
    }
  }

  /** An event stream opened; call the returned function when it closes. */
  eventStreamOpened(): () => void {
    this.eventStreams.inc();
    let open = true;
    return () => {
      if (open) this.eventStreams.dec();
      open = false;
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
