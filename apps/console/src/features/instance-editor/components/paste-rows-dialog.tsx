import { type FormEvent, useId, useState } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";

/**
 * Takes rows copied from a spreadsheet: paste them into the box (Ctrl+V),
 * then add them. With a header line the cells go to the columns it names.
 */
export function PasteRowsDialog({
  columns,
  onPaste,
  onClose,
}: {
  columns: readonly string[];
  onPaste: (text: string) => void;
  onClose: () => void;
}) {
  const { ref, close } = useModalDialog();
  const titleId = useId();
  const hintId = useId();
  const [text, setText] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    onPaste(text);
    close();
  }

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} className="dialog-form">
        <h2 id={titleId}>Paste rows</h2>
        <p id={hintId} className="muted">
          Copy cells in Excel, LibreOffice or Google Sheets and paste them here. Cells go to the
          columns in order ({columns.join(", ")}), or, when the first line holds column names, to
          the columns it names.
        </p>
        <label className="field">
          <span>Rows from a spreadsheet</span>
          <textarea
            className="paste-rows-text"
            rows={10}
            value={text}
            aria-describedby={hintId}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={text.trim() === ""}>
            Add rows
          </button>
        </div>
      </form>
    </dialog>
  );
}
