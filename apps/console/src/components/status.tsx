import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../lib/api-client.ts";
import { paths } from "../app/paths.ts";

/** A busy indicator that screen readers announce. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children ? <div className="state-body">{children}</div> : null}
    </div>
  );
}

function errorTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong";
  if (error.status === 0) return "The server cannot be reached";
  if (error.status === 403) return "Access denied";
  if (error.status === 404) return "Not found";
  if (error.status === 401) return "Your session has ended";
  if (error.status < 500) return "The request was refused";
  return "The server failed";
}

/** Whether asking again can give a different answer (a refusal or a missing record cannot). */
function retryCanHelp(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);
}

/** What the user can do about a refusal that retrying will not change. */
function nextStep(error: unknown): ReactNode {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403)
    return (
      <p className="state-body">
        Your account lacks the grant for this; an admin of your organisation can give it.{" "}
        <Link to={paths.projects()}>Go to your projects</Link>
      </p>
    );
  if (error.status === 404)
    return (
      <p className="state-body">
        It may have been deleted, or the address is mistyped.{" "}
        <Link to={paths.projects()}>Go to your projects</Link>
      </p>
    );
  return null;
}

/**
 * A failure, with the server's own message; "Try again" only where another
 * attempt can help (docs/console-permissions.md).
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{errorTitle(error)}</p>
      <p className="state-body">{message}</p>
      {nextStep(error)}
      {onRetry && retryCanHelp(error) ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * Renders a query's loading and error states, and `children` once its data
 * is there: every page shows the same states the same way.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  return <>{children(query.data)}</>;
}
