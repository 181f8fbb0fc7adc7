import { type ReactNode, useId } from "react";
import { ErrorState } from "./status.tsx";
import type { ModalDialog } from "./use-modal-dialog.ts";

/**
 * A modal form: title, fields, the server's error if the last try failed,
 * then Cancel and the submit button (its label says when it is busy). Enter
 * submits; Escape and Cancel close (the owner hears `onClose`).
 */
export function FormDialog({
  modal,
  title,
  className,
  onClose,
  onSubmit,
  error,
  submit,
  cancelLabel = "Cancel",
  children,
  after,
}: {
  modal: ModalDialog;
  title: ReactNode;
  /** Added to `dialog`. */
  className?: string;
  onClose: () => void;
  onSubmit: () => void;
  /** Shown as an alert above the buttons (null/undefined: none). */
  error?: unknown;
  submit: { label: string; busyLabel: string; busy: boolean; disabled?: boolean };
  cancelLabel?: string;
  children: ReactNode;
  /** Below the form, e.g. a result table. */
  after?: ReactNode;
}) {
  const titleId = useId();
  return (
    <dialog
      ref={modal.ref}
      className={className ? `dialog ${className}` : "dialog"}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {error ? <ErrorState error={error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={modal.close}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={submit.busy || submit.disabled}
            aria-busy={submit.busy}
          >
            {submit.busy ? submit.busyLabel : submit.label}
          </button>
        </div>
      </form>
      {after}
    </dialog>
  );
}
