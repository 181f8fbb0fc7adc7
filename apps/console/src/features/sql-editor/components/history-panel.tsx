import type { MetadataExecution } from "@metabuild/contract";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useHistory } from "../api/get-history.ts";

const time = new Intl.DateTimeFormat("en-GB", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function outcome(e: MetadataExecution): string {
  if (e.status === "ERROR") return "failed";
  return `${e.row_count.toLocaleString("en")} ${e.row_count === 1 ? "row" : "rows"}`;
}

/** The caller's recent runs in the project, newest first; choosing one loads it into the editor. */
export function HistoryPanel({
  projectId,
  onLoad,
}: {
  projectId: number;
  onLoad: (statement: string) => void;
}) {
  const history = useHistory(projectId);
  return (
    <section className="sql-history" aria-labelledby="sql-history-title">
      <h2 id="sql-history-title">History</h2>
      <QueryView query={history} loadingLabel="Loading history…">
        {(runs) =>
          runs.length === 0 ? (
            <EmptyState title="No statements run yet.">
              What you run here is kept, so you can load it again.
            </EmptyState>
          ) : (
            <ul className="sql-history-list" aria-label="Executed statements">
              {runs.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className="sql-history-entry"
                    title={e.error ?? undefined}
                    onClick={() => onLoad(e.statement)}
                  >
                    <code className="sql-history-statement">{e.statement}</code>
                    <span className="sql-history-meta">
                      <span className={e.status === "ERROR" ? "sql-history-failed" : undefined}>
                        {outcome(e)}
                      </span>
                      <span>{e.runtime.toLocaleString("en")} ms</span>
                      <time dateTime={new Date(e.start_time).toISOString()}>
                        {time.format(e.start_time)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
