import type { MetadataRunResult } from "@metabuild/contract";
import { EmptyState } from "../../../components/status.tsx";
import { saveFile } from "../../../lib/api-client.ts";
import { resultCsv } from "../result-csv.ts";
import { ResultGrid } from "./result-grid.tsx";

/** "insert_statement" → "INSERT", "create_table_statement" → "CREATE TABLE". */
export function statementKind(type: string): string {
  return type
    .replace(/_statement$/, "")
    .replace(/_/g, " ")
    .toUpperCase();
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

/** The rows a write changed (its result is one row of `affected_rows`). */
function affectedRows(result: MetadataRunResult): number | undefined {
  const value = result.rows[0]?.affected_rows;
  return result.type !== "select_statement" && typeof value === "number" ? value : undefined;
}

/** A finished statement's summary and rows, or an ERROR with where it is. */
export function ResultView({
  result,
  errorAt,
  onShowError,
}: {
  result: MetadataRunResult;
  /** The error's line and column in the editor, when marked there. */
  errorAt: { line: number; column: number } | undefined;
  /** Moves the editor's cursor back to the error (when the position is known). */
  onShowError: () => void;
}) {
  if (result.status === "ERROR")
    return (
      <div className="sql-error-panel" role="alert">
        <p className="state-title">
          {statementKind(result.type)} failed
          {result.stmt_no > 1 ? ` (statement ${result.stmt_no})` : ""}; nothing was changed
        </p>
        <p className="sql-error-message">{result.error}</p>
        {errorAt ? (
          <button type="button" className="button" onClick={onShowError}>
            Show in editor (line {errorAt.line}, column {errorAt.column})
          </button>
        ) : null}
      </div>
    );

  const affected = affectedRows(result);
  const summary =
    affected !== undefined
      ? `${statementKind(result.type)}: ${plural(affected, "row")} affected`
      : result.type === "select_statement"
        ? plural(result.rows.length, "row")
        : `${statementKind(result.type)} finished`;
  return (
    <div className="sql-result">
      <div className="sql-result-bar">
        <p className="sql-result-status" role="status">
          <span className="sql-result-summary">{summary}</span>
          <span className="sql-result-time">
            {result.stmt_no > 1 ? `statement ${result.stmt_no} · ` : ""}
            {result.runtime.toLocaleString("en")} ms
          </span>
        </p>
        {result.metadata.length > 0 ? (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              saveFile({
                blob: new Blob([resultCsv(result)], { type: "text/csv;charset=utf-8" }),
                filename: `${statementKind(result.type).toLowerCase().replace(/ /g, "-")}-result.csv`,
              })
            }
          >
            Download CSV
          </button>
        ) : null}
      </div>
      {result.truncated ? (
        <p className="sql-truncated" role="note">
          Only the first {plural(result.rows.length, "row")} are shown: the result reached the row
          limit. Narrow the statement (WHERE, LIMIT) to see the rest.
        </p>
      ) : null}
      {result.metadata.length > 0 ? (
        <ResultGrid label="Results" columns={result.metadata} rows={result.rows} />
      ) : (
        <EmptyState title="No rows to show." />
      )}
    </div>
  );
}
