import { useId } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";

/**
 * Someone else saved the instance after the version this change was based
 * on (409): says who saved which version and offers to reload the newest
 * version with the user's unsaved edits re-applied, or to drop them.
 */
export function ConflictDialog({
  message,
  busy,
  onReapply,
  onDiscard,
  onClose,
}: {
  message: string;
  busy: boolean;
  onReapply: () => void;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const titleId = useId();
  return (
    <dialog ref={modal.ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog-form">
        <h2 id={titleId}>Someone else saved first</h2>
        <p role="alert">{message}</p>
        <p>
          Reload the newest version with your unsaved changes applied on top, review them and save
          again; or discard your changes.
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" disabled={busy} onClick={onDiscard}>
            Discard mine
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            aria-busy={busy}
            onClick={onReapply}
          >
            {busy ? "Reloading…" : "Reload and re-apply"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
