import type { Build } from "@metabuild/contract";
import { Suspense } from "react";
import { EmptyState, Loading, QueryView } from "../../../components/status.tsx";
import { useBuildDiff } from "../api/get-build-diff.ts";
import { useBuildFileText } from "../api/get-build-files.ts";
import type { OpenFile } from "./build-files.tsx";
import { CodeDiff } from "../../../components/lazy-monaco.ts";

/**
 * Compares this build with an earlier one of the project: files added,
 * removed and changed; a changed file opens in Monaco's diff editor.
 */
export function BuildDiffPanel({
  buildId,
  earlier,
  against,
  onAgainst,
  open,
  onOpen,
}: {
  buildId: number;
  earlier: Build[];
  against: number | undefined;
  onAgainst: (id: number | undefined) => void;
  open: OpenFile | undefined;
  onOpen: (file: OpenFile) => void;
}) {
  const diff = useBuildDiff(buildId, against);
  const before = useBuildFileText(
    open ? against : undefined,
    open?.pattern ?? "",
    open?.path ?? "",
  );
  const after = useBuildFileText(open ? buildId : undefined, open?.pattern ?? "", open?.path ?? "");
  return (
    <div className="build-diff">
      <label className="field">
        <span>Compare with</span>
        <select
          value={against ?? ""}
          onChange={(e) => onAgainst(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">Choose a build…</option>
          {earlier.map((b) => (
            <option key={b.id} value={b.id}>
              Build {b.id}
              {b.description ? ` — ${b.description}` : ""}
            </option>
          ))}
        </select>
      </label>
      {against === undefined ? (
        <EmptyState title="Choose an earlier finished build to compare with." />
      ) : (
        <QueryView query={diff} loadingLabel="Comparing…">
          {(d) => (
            <>
              <p role="status">
                {d.added.length} added, {d.removed.length} removed, {d.changed.length} changed,{" "}
                {d.unchanged} unchanged
              </p>
              {d.added.length + d.removed.length + d.changed.length === 0 ? (
                <EmptyState title={`Build ${against} produced the same files.`} />
              ) : null}
              <ul className="file-list" aria-label="Differences">
                {d.added.map((f) => (
                  <li key={`a:${f.pattern}/${f.path}`}>
                    <span className="badge badge-success">added</span> {f.pattern}/{f.path}
                  </li>
                ))}
                {d.removed.map((f) => (
                  <li key={`r:${f.pattern}/${f.path}`}>
                    <span className="badge badge-danger">removed</span> {f.pattern}/{f.path}
                  </li>
                ))}
                {d.changed.map((f) => (
                  <li key={`c:${f.pattern}/${f.path}`}>
                    <span className="badge badge-warning">changed</span>{" "}
                    <button
                      type="button"
                      className="file-link"
                      onClick={() => onOpen({ pattern: f.pattern, path: f.path })}
                    >
                      {f.pattern}/{f.path}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </QueryView>
      )}
      {against !== undefined && open ? (
        before.isPending || after.isPending ? (
          <Loading label="Loading both versions…" />
        ) : (
          <Suspense fallback={<Loading label="Loading viewer…" />}>
            <CodeDiff
              label={`Diff of ${open.pattern}/${open.path}`}
              original={before.data ?? ""}
              modified={after.data ?? ""}
            />
          </Suspense>
        )
      ) : null}
    </div>
  );
}
