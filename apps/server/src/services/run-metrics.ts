import type { Metrics } from "../infra/metrics.ts";
import type { EventBus } from "./events.ts";

/** The fields of a build deployment or harvest run that say how it ended. */
interface RunTimes {
  status: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const ENDED = new Set(["SUCCEEDED", "FAILED"]);
const KINDS = {
  "build_deployment.status": { kind: "deployment", field: "build_deployment" },
  "harvest_run.status": { kind: "harvest", field: "harvest_run" },
} as const;

function secondsOf(run: RunTimes): number | undefined {
  if (!run.finished_at) return undefined;
  const from = Date.parse(run.started_at ?? run.created_at);
  const to = Date.parse(run.finished_at);
  return Number.isNaN(from) || Number.isNaN(to) ? undefined : (to - from) / 1000;
}

/**
 * Counts agent runs (deployments, harvests) as they end, from the status
 * events their services publish once per end (services/agents/runs.ts,
 * services/harvests/runs.ts; docs/observability.md "Metrics"). Only this
 * process's events: each server counts the runs it ended.
 */
export function countAgentRuns(events: EventBus, metrics: Metrics): () => void {
  return events.subscribe((event) => {
    const what = KINDS[event.type as keyof typeof KINDS];
    if (!what) return;
    const run = event[what.field] as RunTimes | undefined;
    if (run && ENDED.has(run.status)) metrics.agentRunEnded(what.kind, run.status, secondsOf(run));
  });
}
