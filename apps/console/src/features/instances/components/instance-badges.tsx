import type { InstanceListItem } from "@metabuild/contract";
import { Badge } from "../../../components/badge.tsx";

/** Validation at a glance: the error count, or "valid". */
export function ValidityBadge({ instance }: { instance: InstanceListItem }) {
  if (!instance.invalid) return <Badge tone="success">valid</Badge>;
  const n = instance.errors;
  return (
    <Badge tone="danger" title="Validation errors; open the instance to see each at its cell">
      {n === 1 ? "1 error" : `${n} errors`}
    </Badge>
  );
}

const FLAGS = [
  ["deleted", "deleted", "danger"],
  ["build_disabled", "no build", "warning"],
  ["upload_disabled", "no upload", "warning"],
  ["insert_disabled", "no insert", "warning"],
  ["edit_disabled", "read-only", "warning"],
] as const;

/** Checkout and the flags that change what may happen to the instance. */
export function StateBadges({ instance }: { instance: InstanceListItem }) {
  const all = [
    instance.checked_out ? "checked out" : "",
    ...FLAGS.filter(([flag]) => instance[flag]).map(([, text]) => text),
  ].filter(Boolean);
  return (
    <span className="badges badges-line" title={all.join(", ")}>
      {instance.checked_out ? (
        <Badge tone="info" title="Checked out: only its holder can change it">
          checked out
        </Badge>
      ) : null}
      {FLAGS.filter(([flag]) => instance[flag]).map(([flag, text, tone]) => (
        <Badge key={flag} tone={tone} title={flag.replace("_", " ")}>
          {text}
        </Badge>
      ))}
    </span>
  );
}

export function LabelBadges({ labels }: { labels: string[] }) {
  return (
    <span className="badges badges-line" title={labels.join(", ")}>
      {labels.map((l) => (
        <Badge key={l} title={`Label ${l}`}>
          {l}
        </Badge>
      ))}
    </span>
  );
}
