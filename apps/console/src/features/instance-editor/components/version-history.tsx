import type { InstanceVersion } from "@metabuild/contract";
import { DataTable } from "../../../components/data-table.tsx";
import { formatDateTime } from "../../../components/date-time.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useInstanceVersions } from "../api/get-instance-versions.ts";
import { VersionCompare } from "./version-compare.tsx";

export type ComparePair = [number, number] | undefined;

/** One side of the comparison: a version number, or none. */
function VersionPicker({
  caption,
  label,
  versions,
  value,
  onChange,
}: {
  caption: string;
  label: string;
  versions: InstanceVersion[];
  value: number | undefined;
  onChange: (version: string) => void;
}) {
  return (
    <label className="field field-inline">
      <span>{caption}</span>
      <select aria-label={label} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The instance's versions (newest first) and a side-by-side comparison of two
 * of them; the pair lives in the URL (`compare=3,5`).
 */
export function VersionHistory({
  instanceId,
  compare,
  onCompare,
  restoreBlock,
  onRestore,
}: {
  instanceId: number;
  compare: ComparePair;
  onCompare: (pair: ComparePair) => void;
  /** Why no version can be restored now (null: it can). */
  restoreBlock: string | null;
  onRestore: (version: number) => void;
}) {
  const versions = useInstanceVersions(instanceId);
  return (
    <QueryView query={versions} loadingLabel="Loading versions…">
      {({ data }) => {
        if (data.length === 0) return <EmptyState title="No versions recorded yet." />;
        const newestFirst = [...data].reverse();
        const [from, to] = compare ?? [undefined, undefined];
        const choose = (which: 0 | 1, value: string) => {
          const v = Number(value) || undefined;
          const pair: (number | undefined)[] = which === 0 ? [v, to] : [from, v];
          if (pair[0] !== undefined && pair[1] !== undefined)
            onCompare([pair[0], pair[1]] as [number, number]);
          else if (pair[0] !== undefined || pair[1] !== undefined)
            // One side chosen: the other defaults to its neighbour.
            onCompare(
              pair[0] !== undefined
                ? [pair[0], Math.min(pair[0] + 1, data.length)]
                : [Math.max((pair[1] as number) - 1, 1), pair[1] as number],
            );
          else onCompare(undefined);
        };
        const previousOf = (v: InstanceVersion) =>
          v.version > 1 ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => onCompare([v.version - 1, v.version])}
              aria-label={`Compare version ${v.version} with version ${v.version - 1}`}
            >
              Compare with previous
            </button>
          ) : null;
        const newest = data[data.length - 1]?.version;
        const restoreOf = (v: InstanceVersion) =>
          v.version === newest ? (
            <span className="muted">current</span>
          ) : (
            <button
              type="button"
              className="button button-small"
              disabled={restoreBlock !== null}
              title={restoreBlock ?? `A new version with the content of version ${v.version}`}
              onClick={() => onRestore(v.version)}
              aria-label={`Restore version ${v.version}`}
            >
              Restore
            </button>
          );
        return (
          <div className="version-history">
            <DataTable<InstanceVersion>
              caption="Versions"
              rows={newestFirst}
              rowKey={(v) => v.version}
              columns={[
                { header: "Version", cell: (v) => v.version, numeric: true },
                { header: "When", cell: (v) => formatDateTime(v.created_at) },
                { header: "Who", cell: (v) => v.user ?? <span className="muted">system</span> },
                { header: "Source", cell: (v) => v.source },
                {
                  header: "Message",
                  cell: (v) => v.message ?? <span className="muted">—</span>,
                },
                { header: "Compare", cell: previousOf },
                { header: "Restore", cell: restoreOf },
              ]}
            />
            {data.length < 2 ? null : (
              <fieldset className="compare-pickers">
                <legend>Compare two versions</legend>
                <VersionPicker
                  caption="Version"
                  label="Compare version"
                  versions={data}
                  value={from}
                  onChange={(v) => choose(0, v)}
                />
                <VersionPicker
                  caption="with"
                  label="With version"
                  versions={data}
                  value={to}
                  onChange={(v) => choose(1, v)}
                />
              </fieldset>
            )}
            {compare ? (
              <VersionCompare instanceId={instanceId} from={compare[0]} to={compare[1]} />
            ) : data.length > 1 ? (
              <p className="muted">Choose two versions to see what changed between them.</p>
            ) : (
              <p className="muted">There is only one version so far.</p>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

/** The `compare=3,5` search parameter: the two versions shown side by side. */
export function parseCompare(raw: string | null): ComparePair {
  const m = /^(\d+),(\d+)$/.exec(raw ?? "");
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}
