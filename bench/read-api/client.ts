/**
 * The load-generating child process: it runs the request loops the main
 * process asks for over IPC, so the server's process and core are its own.
 */
import { percentile, runLoop } from "./http-loop.ts";

/** Which paths a run asks for; plain data, as it crosses the IPC channel. */
export type PathChoice =
  | { kind: "fixed"; path: string }
  /** `${prefix}${id}` with a random id in [firstId, lastId]. */
  | { kind: "ids"; prefix: string; firstId: number; lastId: number }
  /** `${prefix}${encodeURIComponent(value)}` with a random value. */
  | { kind: "values"; prefix: string; values: string[] };

export interface RunRequest {
  port: number;
  token?: string;
  paths: PathChoice;
  connections: number;
  seconds: number;
  maxRequests?: number;
}

export interface RunSummary {
  requests: number;
  seconds: number;
  perSecond: number;
  statuses: Record<number, number>;
  bytesPerAnswer: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU the client itself used, as a share of one core. */
  clientCpu: number;
}

function pathPicker(choice: PathChoice): () => string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  switch (choice.kind) {
    case "fixed":
      return () => choice.path;
    case "ids": {
      const span = choice.lastId - choice.firstId + 1;
      return () => `${choice.prefix}${choice.firstId + Math.floor(Math.random() * span)}`;
    }
    case "values": {
      const encoded = choice.values.map(encodeURIComponent);
      return () => `${choice.prefix}${pick(encoded)}`;
    }
  }
}

async function run(req: RunRequest): Promise<RunSummary> {
  const cpu = process.cpuUsage();
  const r = await runLoop({
    port: req.port,
    nextPath: pathPicker(req.paths),
    headers: req.token ? { Authorization: `Bearer ${req.token}` } : {},
    connections: req.connections,
    seconds: req.seconds,
    maxRequests: req.maxRequests,
  });
  const used = process.cpuUsage(cpu);
  return {
    requests: r.requests,
    seconds: r.seconds,
    perSecond: r.requests / r.seconds,
    statuses: r.statuses,
    bytesPerAnswer: r.requests ? r.bytes / r.requests : 0,
    p50: percentile(r.latencies, 0.5),
    p99: percentile(r.latencies, 0.99),
    max: r.latencies.reduce((a, b) => Math.max(a, b), 0),
    clientCpu: (used.user + used.system) / 1e6 / r.seconds,
  };
}

process.on("message", (msg: { id: number; request: RunRequest }) => {
  run(msg.request).then(
    (summary) => process.send?.({ id: msg.id, summary }),
    (err: Error) => process.send?.({ id: msg.id, error: err.stack ?? String(err) }),
  );
});
