import type { BuildStatus } from "@metabuild/contract";

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
