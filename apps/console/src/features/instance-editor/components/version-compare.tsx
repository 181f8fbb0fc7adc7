import type { InstanceRowValues, InstanceVersionRows } from "@metabuild/contract";
import { formatDateTime } from "../../../components/date-time.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { useInstanceVersion } from "../api/get-instance-versions.ts";
import { type RowChange, diffRows, diffSummary } from "../version-diff.ts";

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "" : String(v);

/** One side of the comparison; rows line up with the other side (blank where absent). */
function Side({
  version,
  columns,
  changes,
  side,
}: {
  version: InstanceVersionRows;
  columns: string[];
  changes: RowChange[];
  side: "before" | "after";
}) {
  let position = 0;
  return (
    <div className="compare-side">
      <table className="data-table compare-table" aria-label={`Version ${version.version}`}>
        <caption>
          Version {version.version}
          <span className="muted">
            {" "}
            · {version.user ?? "system"}, {formatDateTime(version.created_at)}
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">
              #
            </th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {changes.map((change, i) => {
            const row: InstanceRowValues | undefined =
              side === "before"
                ? change.kind === "added"
                  ? undefined
                  : change.before
                : change.kind === "removed"
                  ? undefined
                  : change.after;
            const key = `${change.kind}-${i}`;
            if (!row)
              return (
                <tr key={key} className="diff-gap">
                  <td colSpan={columns.length + 1}>
                    <span className="visually-hidden">
                      {side === "before" ? "Row added in the newer version" : "Row removed"}
                    </span>
                    &nbsp;
                  </td>
                </tr>
              );
            position += 1;
            const rowKind =
              change.kind === "added" ? "added" : change.kind === "removed" ? "removed" : undefined;
            const other =
              change.kind === "changed" ? (side === "before" ? change.after : change.before) : null;
            return (
              <tr key={key} data-diff={rowKind} className={rowKind ? `diff-${rowKind}` : undefined}>
                <td className="numeric muted">{position}</td>
                {columns.map((c) => {
                  const changed = change.kind === "changed" && change.cells.includes(c);
                  return (
                    <td
                      key={c}
                      data-diff={changed ? "changed" : undefined}
                      className={changed ? "diff-changed" : undefined}
                      title={
                        changed
                          ? `${side === "before" ? "Now" : "Was"}: ${text(other?.[c]) || "(empty)"}`
                          : undefined
                      }
                    >
                      {text(row[c])}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Two versions side by side: removed rows on the left, added on the right, changed cells marked. */
export function VersionCompare({
  instanceId,
  from,
  to,
}: {
  instanceId: number;
  from: number;
  to: number;
}) {
  const before = useInstanceVersion(instanceId, from);
  const after = useInstanceVersion(instanceId, to);
  if (before.isError) return <ErrorState error={before.error} onRetry={() => before.refetch()} />;
  if (after.isError) return <ErrorState error={after.error} onRetry={() => after.refetch()} />;
  if (!before.data || !after.data) return <Loading label="Loading the two versions…" />;
  const columns = after.data.header.filter((c) => c !== "@POS_NO");
  const changes = diffRows(columns, before.data.rows, after.data.rows);
  return (
    <section className="version-compare" aria-label={`Version ${from} compared with ${to}`}>
      <p className="compare-summary" role="status">
        Version {from} → {to}: {diffSummary(changes)}
      </p>
      <div className="compare-sides">
        <Side version={before.data} columns={columns} changes={changes} side="before" />
        <Side version={after.data} columns={columns} changes={changes} side="after" />
      </div>
    </section>
  );
}
