import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../lib/api-client.ts";

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

/** A failure, with the server's own message and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{errorTitle(error)}</p>
      <p className="state-body">{message}</p>
      {onRetry ? (
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
