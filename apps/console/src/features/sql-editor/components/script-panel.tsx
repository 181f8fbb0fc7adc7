import type { Script, ScriptRun } from "@metabuild/contract";
import { useState } from "react";
import { EmptyState, ErrorState, Loading, QueryView } from "../../../components/status.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useScriptRuns, useScriptVersion, useScriptVersions } from "../api/get-script-history.ts";

const time = new Intl.DateTimeFormat("en-GB", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function outcome(e: ScriptRun): string {
  if (e.status === "ERROR") return "failed";
  return `${e.row_count.toLocaleString("en")} ${e.row_count === 1 ? "row" : "rows"}`;
}

/**
 * Beside the editor while a script is open: its runs (everyone's, newest
 * first) and its saved versions; an old version opens read-only and can be
 * restored as a new version.
 */
export function ScriptPanel({
  script,
  writeReason,
  restoring,
  onRestore,
}: {
  script: Script;
  writeReason: string | undefined;
  restoring: boolean;
  onRestore: (body: string) => void;
}) {
  const [tab, setTab] = useState("runs");
  const [viewing, setViewing] = useState<number>();
  const runs = useScriptRuns(script.id);
  const versions = useScriptVersions(script.id);
  return (
    <section className="sql-history sql-script-panel" aria-label={`Script ${script.name}`}>
      <Tabs
        label="Script history"
        tabs={[
          { id: "runs", label: "Runs" },
          { id: "versions", label: "Versions" },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === "runs" ? (
          <QueryView query={runs} loadingLabel="Loading runs…">
            {(list) =>
              list.length === 0 ? (
                <EmptyState title="Not run yet.">Runs from this script are listed here.</EmptyState>
              ) : (
                <ul className="sql-history-list" aria-label="Runs of this script">
                  {list.map((e) => (
                    <li key={e.id} className="sql-history-entry" title={e.error ?? undefined}>
                      <code className="sql-history-statement">{e.statement}</code>
                      <span className="sql-history-meta">
                        <span className={e.status === "ERROR" ? "sql-history-failed" : undefined}>
                          {outcome(e)}
                        </span>
                        <span>v{e.script_version}</span>
                        <span>{e.user}</span>
                        <time dateTime={new Date(e.start_time).toISOString()}>
                          {time.format(e.start_time)}
                        </time>
                      </span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        ) : (
          <QueryView query={versions} loadingLabel="Loading versions…">
            {(list) => (
              <ul className="sql-history-list" aria-label="Versions of this script">
                {list.map((v) => (
                  <li key={v.vers_no}>
                    <button
                      type="button"
                      className="sql-history-entry"
                      onClick={() => setViewing(v.vers_no)}
                    >
                      <span>
                        Version {v.vers_no}
                        {v.vers_no === script.vers_no ? " (current)" : ""}
                      </span>
                      <span className="sql-history-meta">
                        <span>{v.user ?? "unknown"}</span>
                        <time dateTime={v.at}>{time.format(new Date(v.at))}</time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        )}
      </Tabs>
      {viewing !== undefined ? (
        <VersionDialog
          script={script}
          version={viewing}
          writeReason={writeReason}
          restoring={restoring}
          onRestore={onRestore}
          onClose={() => setViewing(undefined)}
        />
      ) : null}
    </section>
  );
}

/** One saved version, read-only, with Restore (a new version with that text). */
function VersionDialog({
  script,
  version,
  writeReason,
  restoring,
  onRestore,
  onClose,
}: {
  script: Script;
  version: number;
  writeReason: string | undefined;
  restoring: boolean;
  onRestore: (body: string) => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const v = useScriptVersion(script.id, version);
  const current = version === script.vers_no;
  return (
    <dialog
      ref={modal.ref}
      className="dialog sql-version-dialog"
      aria-label={`Version ${version}`}
      onClose={onClose}
    >
      <div className="dialog-form">
        <h2>
          {script.name}, version {version}
          {current ? " (current)" : ""}
        </h2>
        {v.isPending ? (
          <Loading label="Loading the version…" />
        ) : v.isError ? (
          <ErrorState error={v.error} />
        ) : (
          <>
            <p className="muted">
              Saved by {v.data.user ?? "unknown"} at {time.format(new Date(v.data.at))} in{" "}
              {v.data.folder}, read-only.
            </p>
            <pre className="sql-version-body">{v.data.body}</pre>
          </>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={modal.close}>
            Close
          </button>
          {!current && writeReason === undefined && v.data ? (
            <button
              type="button"
              className="button button-primary"
              disabled={restoring}
              onClick={() => {
                onRestore(v.data.body);
                modal.close();
              }}
            >
              {restoring ? "Restoring…" : "Restore as a new version"}
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
