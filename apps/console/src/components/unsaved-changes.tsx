import { useEffect, useId } from "react";
import { type Blocker, useBlocker } from "react-router";
import { useModalDialog } from "./use-modal-dialog.ts";

/**
 * While there are unsaved changes, leaving asks first: the browser's own
 * prompt on reload or close, and the console's prompt on a link or back
 * button inside the app. Changing only the query (a tab) never asks, since
 * the page and its draft stay. Render `<UnsavedChangesPrompt>` with the answer.
 */
export function useUnsavedChanges(dirty: boolean): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
}

export function UnsavedChangesPrompt({ blocker, what }: { blocker: Blocker; what: string }) {
  if (blocker.state !== "blocked") return null;
  return (
    <LeaveDialog what={what} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
  );
}

function LeaveDialog({
  what,
  onStay,
  onLeave,
}: {
  what: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const modal = useModalDialog();
  const titleId = useId();
  // Escape closes the dialog: that is "stay".
  return (
    <dialog ref={modal.ref} className="dialog" aria-labelledby={titleId} onClose={onStay}>
      <div className="dialog-form">
        <h2 id={titleId}>Leave without saving?</h2>
        <p>You have unsaved changes to {what}. Leaving now discards them.</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onLeave}>
            Leave and discard
          </button>
          <button type="button" className="button button-primary" onClick={onStay}>
            Stay
          </button>
        </div>
      </div>
    </dialog>
  );
}
