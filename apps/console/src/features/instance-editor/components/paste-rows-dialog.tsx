import { useId, useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
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
  const modal = useModalDialog();
  const hintId = useId();
  const [text, setText] = useState("");

  function submit() {
    onPaste(text);
    modal.close();
  }

  return (
    <FormDialog
      modal={modal}
      title="Paste rows"
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: "Add rows",
        busyLabel: "Adding…",
        busy: false,
        disabled: text.trim() === "",
      }}
    >
      <p id={hintId} className="muted">
        Copy cells in Excel, LibreOffice or Google Sheets and paste them here. Cells go to the
        columns in order ({columns.join(", ")}), or, when the first line holds column names, to the
        columns it names.
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
    </FormDialog>
  );
}
