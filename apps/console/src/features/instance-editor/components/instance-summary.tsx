import type { InstanceEditing } from "@metabuild/contract";
import { Link } from "react-router";
import { useMe } from "../../../api/get-me.ts";
import { Badge } from "../../../components/badge.tsx";
import { formatDateTime } from "../../../components/date-time.tsx";
import { paths } from "../../../app/paths.ts";

const FLAGS = [
  ["deleted", "Deleted", "danger"],
  ["edit_disabled", "Edit disabled", "warning"],
  ["upload_disabled", "Upload disabled", "neutral"],
  ["insert_disabled", "Insert disabled", "neutral"],
  ["build_disabled", "Build disabled", "neutral"],
] as const;

/** The instance's facts above the grid: pattern, folder, version, release, flags, labels, checkout. */
export function InstanceSummary({ instance }: { instance: InstanceEditing }) {
  const flags = FLAGS.filter(([field]) => instance[field]);
  const me = useMe().data;
  // A checkout is the user's, not the tab's: held in another tab, it is still "you".
  const holder =
    instance.checkout && instance.checkout.user_id === me?.id
      ? `${instance.checkout.email} (you)`
      : instance.checkout?.email;
  const folderLink = paths.instances(instance.project_id, { folder: instance.folder });
  return (
    <dl className="instance-summary" aria-label="Instance facts">
      <div>
        <dt>Pattern</dt>
        <dd>
          <Link to={paths.pattern(instance.pattern_id)}>{instance.pattern_name}</Link>
        </dd>
      </div>
      <div>
        <dt>Folder</dt>
        <dd>
          <Link to={folderLink}>{instance.folder}</Link>
        </dd>
      </div>
      <div>
        <dt>Version</dt>
        <dd>{instance.version}</dd>
      </div>
      {instance.release_group === null ? null : (
        <div>
          <dt>Release</dt>
          <dd>
            {instance.release === null ? (
              <span className="muted">none</span>
            ) : (
              `${instance.release_group} ${instance.release}`
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>Flags</dt>
        <dd className="badges">
          {flags.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            flags.map(([field, label, tone]) => (
              <Badge key={field} tone={tone}>
                {label}
              </Badge>
            ))
          )}
        </dd>
      </div>
      <div>
        <dt>Labels</dt>
        <dd className="badges">
          {instance.labels.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            instance.labels.map((l) => (
              <Badge key={l} tone="info">
                {l}
              </Badge>
            ))
          )}
        </dd>
      </div>
      <div>
        <dt>Checked out by</dt>
        <dd>
          {instance.checkout ? (
            <span title={`since ${formatDateTime(instance.checkout.since)}`}>
              {holder}
              <span className="muted"> since {formatDateTime(instance.checkout.since)}</span>
            </span>
          ) : (
            <span className="muted">nobody</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
