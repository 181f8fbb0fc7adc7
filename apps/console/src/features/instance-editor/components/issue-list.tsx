import type { CellIssue } from "@metabuild/contract";

/**
 * Every validation error, naming its row and column; choosing one puts the
 * focus on its cell. Whole-column issues (row -1) concern no single row.
 */
export function IssueList({
  issues,
  checking,
  onShow,
}: {
  issues: CellIssue[];
  /** True while the latest edits are being checked. */
  checking: boolean;
  onShow: (issue: CellIssue) => void;
}) {
  return (
    <section className="issue-list" aria-labelledby="issue-list-title">
      <h2 id="issue-list-title">
        Validation errors <span className="issue-count">({issues.length})</span>
        {checking ? <span className="muted"> · checking…</span> : null}
      </h2>
      {issues.length === 0 ? (
        <p className="issue-none">No validation errors.</p>
      ) : (
        <ul aria-label="Validation errors">
          {issues.map((issue) => (
            <li key={`${issue.row}|${issue.column}|${issue.message}`}>
              {issue.row >= 0 ? (
                <button type="button" className="issue-link" onClick={() => onShow(issue)}>
                  <span className="issue-where">
                    Row {issue.row + 1}, {issue.column}
                  </span>
                  <span>{issue.message}</span>
                </button>
              ) : (
                <span className="issue-link">
                  <span className="issue-where">Column {issue.column}</span>
                  <span>{issue.message}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
