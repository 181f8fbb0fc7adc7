import type { BuildDeployment } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { DateTime, formatDuration } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import {
  applyRunLog,
  applyRunStatus,
  buildDeploymentQueryOptions,
  useBuildDeployment,
} from "../api/build-deployments.ts";
import { useCancelBuildDeployment } from "../api/cancel-runs.ts";
import { RunLog } from "../components/run-log.tsx";
import { paths } from "../../../app/paths.ts";

const EVENTS = ["build_deployment.status", "build_deployment.log"] as const;

const TONE: Record<BuildDeployment["status"], BadgeTone> = {
  QUEUED: "neutral",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "danger",
  CANCELLED: "warning",
};

/** When the agent started and finished the run, and how long it took. */
function RunTimes({ run }: { run: BuildDeployment }) {
  if (!run.started_at) return null;
  const took = run.finished_at
    ? Date.parse(run.finished_at) - Date.parse(run.started_at)
    : Number.NaN;
  return (
    <span className="muted">
      {" · started "}
      <DateTime iso={run.started_at} />
      {Number.isNaN(took) ? null : ` · took ${formatDuration(took)}`}
    </span>
  );
}

/** Cancel for a run not ended yet, to those who may start deployments in its project. */
function CancelRunButton({ run }: { run: BuildDeployment }) {
  const permissions = useCan(run.project_id);
  const cancel = useCancelBuildDeployment(run.id);
  if (run.status !== "QUEUED" && run.status !== "RUNNING") return null;
  return (
    <PermittedButton
      reason={permissions.reason("deployment.cancel")}
      disabled={cancel.isPending}
      onClick={() => cancel.mutate()}
    >
      {cancel.isPending ? "Cancelling…" : "Cancel run"}
    </PermittedButton>
  );
}

/** One deployment run: its status and its agent's log, both live. */
export default function BuildDeploymentPage() {
  const raw = useParams().runId;
  const id = Number(raw);
  const client = useQueryClient();
  const run = useBuildDeployment(id);

  useEventStream(
    EVENTS,
    (type, data) => {
      if (type === "build_deployment.log") {
        const e = data as { id: number; line: string };
        if (e.id === id) applyRunLog(client, e.id, e.line);
      } else
        applyRunStatus(client, (data as { build_deployment: BuildDeployment }).build_deployment);
    },
    [],
    // Lines logged before the stream connected are only in the stored run.
    () => void client.invalidateQueries({ queryKey: buildDeploymentQueryOptions(id).queryKey }),
  );

  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a deployment run id`)} />;

  return (
    <div className="deployment-page">
      <QueryView query={run} loadingLabel="Loading deployment run…">
        {(r) => (
          <>
            <PageHeader
              title={`Deployment run ${r.id}`}
              description={
                <Link to={paths.build(r.project_id, r.build_id)}>Build {r.build_id}</Link>
              }
              actions={
                <>
                  <Link className="button" to={paths.agents()}>
                    Agents
                  </Link>
                  <CancelRunButton run={r} />
                </>
              }
            />
            <p className="deployment-status">
              <span role="status" aria-live="polite">
                Status: <Badge tone={TONE[r.status]}>{r.status.toLowerCase()}</Badge>
                {r.queue_position !== null ? (
                  <span className="muted">
                    {r.queue_position === 1
                      ? " · next in its agent's line"
                      : ` · number ${r.queue_position} in its agent's line`}
                  </span>
                ) : null}
              </span>
              <RunTimes run={r} />
            </p>
            <RunLog log={r.log} />
          </>
        )}
      </QueryView>
    </div>
  );
}
