import type { MetadataRunResult } from "@metabuild/contract";
import { ErrorState, Loading } from "../../../components/status.tsx";
import type { EditorPosition } from "./sql-monaco.tsx";
import { ResultView } from "./result-view.tsx";

/** The SQL page's result: nothing run yet, running, the call's error, or the statement's answer. */
export function SqlResultArea({
  nothingToRun,
  pending,
  error,
  result,
  errorAt,
  onRetry,
  onShowError,
}: {
  nothingToRun: boolean;
  pending: boolean;
  error: unknown;
  result: MetadataRunResult | undefined;
  errorAt: EditorPosition | undefined;
  onRetry: () => void;
  onShowError: () => void;
}) {
  return (
    <section className="sql-result-area" aria-label="Result">
      {nothingToRun ? (
        <p className="sql-result-status" role="status">
          Nothing to run: write a statement, or select one.
        </p>
      ) : pending ? (
        <Loading label="Running…" />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : result ? (
        <ResultView result={result} errorAt={errorAt} onShowError={onShowError} />
      ) : (
        <p className="sql-result-status sql-result-idle">Run a statement to see its rows here.</p>
      )}
    </section>
  );
}
