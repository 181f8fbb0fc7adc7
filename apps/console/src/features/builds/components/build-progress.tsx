import type { Build, BuildStatus } from "@metabuild/contract";
import { DateTime, formatDuration } from "../../../components/date-time.tsx";

const tone: Record<BuildStatus, string> = {
  BUILDING: "badge badge-info",
  FINISHED: "badge badge-success",
  FAILED: "badge badge-danger",
  CANCELED: "badge badge-warning",
};

export function BuildStatusBadge({ status }: { status: BuildStatus }) {
  return <span className={tone[status]}>{status.toLowerCase()}</span>;
}

/** A build's progress as an accessible progress bar (name = `label`). */
export function BuildProgress({
  label,
  progress,
  status,
}: {
  label: string;
  progress: number;
  status: BuildStatus;
}) {
  return (
    <div className="build-progress">
      <progress
        aria-label={label}
        max={100}
        value={progress}
        data-status={status}
        className="build-progress-bar"
      />
      <span className="build-progress-value">{progress} %</span>
    </div>
  );
}

/** How many instances, when the build started and ended, and how long it took. */
export function BuildTimes({
  build,
}: {
  build: Pick<Build, "instances" | "build_start" | "build_end" | "created_at">;
}) {
  const start = build.build_start ?? build.created_at;
  const took = build.build_end ? Date.parse(build.build_end) - Date.parse(start) : Number.NaN;
  return (
    <p className="build-times">
      {build.instances.toLocaleString("en")} {build.instances === 1 ? "instance" : "instances"}
      {" · started "}
      <DateTime iso={start} />
      {build.build_end ? (
        <>
          {" · ended "}
          <DateTime iso={build.build_end} />
          {Number.isNaN(took) ? null : ` · took ${formatDuration(took)}`}
        </>
      ) : null}
    </p>
  );
}
