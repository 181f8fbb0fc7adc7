import type { PlanTarget } from "../lib/plan-targets.ts";

export type TargetKey = `${PlanTarget["kind"]}:${number}`;

export const targetKey = (t: PlanTarget): TargetKey => `${t.kind}:${t.id}`;

/**
 * Where the plan runs: a group (one of its online agents runs every step) or
 * one agent. Offline or disabled ones are shown but cannot be picked; the
 * reason shows on hover and to screen readers.
 */
export function PlanTargetPicker({
  targets,
  value,
  onChange,
}: {
  targets: PlanTarget[];
  value: TargetKey | "";
  onChange: (key: TargetKey) => void;
}) {
  const groups = targets.filter((t) => t.kind === "group");
  const agents = targets.filter((t) => t.kind === "agent");
  const option = (t: PlanTarget) => (
    <label key={targetKey(t)} className="plan-target" title={t.reason}>
      <input
        type="radio"
        name="plan-target"
        value={targetKey(t)}
        checked={value === targetKey(t)}
        disabled={t.reason !== undefined}
        aria-description={t.reason}
        onChange={() => onChange(targetKey(t))}
      />
      <span>
        {t.kind === "group" ? `Group ${t.name}` : `Agent ${t.name}`}{" "}
        <span className="muted">({t.detail})</span>
      </span>
    </label>
  );
  return (
    <fieldset className="plan-targets">
      <legend>Run through</legend>
      {groups.length > 0 ? <div className="plan-target-list">{groups.map(option)}</div> : null}
      {agents.length > 0 ? <div className="plan-target-list">{agents.map(option)}</div> : null}
      {targets.length === 0 ? <p className="muted">There are no agents yet.</p> : null}
    </fieldset>
  );
}
