import type { UploadResult, UploadStatus } from "@metabuild/contract";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { paths } from "../../../app/paths.ts";

const STATUS_TONE: Record<UploadStatus, BadgeTone> = {
  INSERTED: "success",
  UPDATED: "info",
  SKIPPED: "warning",
};

const STATUSES: UploadStatus[] = ["INSERTED", "UPDATED", "SKIPPED"];

/** How a preview counts what the upload would do. */
const PLANNED: Record<UploadStatus, string> = {
  INSERTED: "to insert",
  UPDATED: "to update",
  SKIPPED: "to skip",
};

/**
 * What an upload did, or with `plan` what it would do (a dry run): counts
 * per status, the patterns that failed with the server's message, and one
 * row per instance (linked to its editor when it exists). `actions` go
 * below the counts (the preview's Apply).
 */
export function UploadResultView({
  result,
  projectId,
  plan = false,
  actions,
}: {
  result: UploadResult;
  projectId: number;
  plan?: boolean;
  actions?: ReactNode;
}) {
  const counts = STATUSES.map(
    (s) => [s, result.instances.filter((i) => i.status === s).length] as const,
  );
  const failed = result.errors ?? [];
  const titleId = useId();
  return (
    <section className="upload-result" aria-labelledby={titleId}>
      <h3 id={titleId}>{plan ? "Preview: nothing is stored until you apply it" : "Result"}</h3>
      <p
        className="upload-counts"
        role="status"
        aria-label={plan ? "Planned counts" : "Upload counts"}
      >
        {counts.map(([status, n]) => (
          <span key={status} className="upload-count">
            <Badge tone={n > 0 ? STATUS_TONE[status] : "neutral"}>{n}</Badge>{" "}
            {plan ? PLANNED[status] : status.toLowerCase()}
          </span>
        ))}
        {failed.length > 0 ? (
          <span className="upload-count">
            <Badge tone="danger">{failed.length}</Badge>{" "}
            {failed.length === 1 ? "pattern failed" : "patterns failed"}
          </span>
        ) : null}
      </p>
      {actions}
      {failed.length > 0 ? (
        <div className="form-error" role="alert">
          <strong>
            {plan
              ? failed.length === 1
                ? "A pattern would not be imported"
                : "Some patterns would not be imported"
              : failed.length === 1
                ? "A pattern was not imported"
                : "Some patterns were not imported"}
          </strong>{" "}
          {plan ? "(the others would be):" : "(the others were):"}
          <ul className="upload-errors">
            {failed.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.instances.length === 0 ? (
        <p className="muted">No instance was read from the workbook.</p>
      ) : (
        <div className="table-wrap upload-table">
          <table className="data-table" aria-label={plan ? "Upload plan" : "Upload result"}>
            <thead>
              <tr>
                <th scope="col">Instance</th>
                <th scope="col">Pattern</th>
                <th scope="col">Folder</th>
                <th scope="col">Release</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {result.instances.map((i) => (
                <tr key={`${i.pattern}:${i.folder}/${i.name}`}>
                  <td>
                    {i.id === null ? (
                      i.name
                    ) : (
                      <Link to={paths.instance(projectId, i.id)}>{i.name}</Link>
                    )}
                  </td>
                  <td>{i.pattern}</td>
                  <td>{i.folder}</td>
                  <td>{i.release ?? "—"}</td>
                  <td>
                    <Badge tone={STATUS_TONE[i.status]}>{i.status}</Badge>
                  </td>
                  <td className="muted">{i.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
