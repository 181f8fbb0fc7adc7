import { useId, useState } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import type { MergeConflict, Side } from "../merge-rows.ts";
import type { SaveConflict } from "../use-save-conflict.ts";

const shown = (value: string | null) =>
  value === null ? <em>removed</em> : value === "" ? <span className="muted">empty</span> : value;

/** "TYPE in row 2 (CUSTOMER_ID)" or "Row 2 (CUSTOMER_ID)": names one conflict's choice. */
export function conflictName(c: MergeConflict): string {
  const where = `${c.row}${c.label ? ` (${c.label})` : ""}`;
  return c.column === null ? `Row ${where}` : `${c.column} in row ${where}`;
}

/**
 * Someone saved the instance after the version the user's changes are based
 * on (409): says who saved which version, lists what both changed (base,
 * theirs, yours) with a choice each, and saves the merge against the newest
 * version. Changes of one side only merge without asking
 * (docs/console-instance-writes.md "Conflicts").
 */
export function ConflictDialog({
  conflict,
  busy,
  error,
  onApply,
  onDiscard,
  onClose,
}: {
  conflict: SaveConflict;
  busy: boolean;
  error: Error | undefined;
  onApply: (choices: Side[]) => void;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const titleId = useId();
  const { merge } = conflict;
  const [choices, setChoices] = useState<(Side | undefined)[]>([]);
  const conflicts = merge?.conflicts ?? [];
  const open = conflicts.filter((_, i) => choices[i] === undefined).length;
  const saved = conflict.version === undefined ? "A newer version" : `Version ${conflict.version}`;
  const choose = (i: number, side: Side) =>
    setChoices((now) => Object.assign([...now], { [i]: side }));
  return (
    <dialog
      ref={modal.ref}
      className="dialog conflict-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="dialog-form">
        <h2 id={titleId}>Merge your changes</h2>
        <p role="alert">
          {saved} was saved by {conflict.by} after version {conflict.from} that your changes are
          based on.
        </p>
        {error ? (
          <p className="form-error">{error.message}</p>
        ) : !merge ? (
          <p role="status">Loading {saved.toLowerCase()}…</p>
        ) : (
          <>
            <p>
              Changes made on one side only are merged: {merge.merged.theirs} of theirs,{" "}
              {merge.merged.mine} of yours.{" "}
              {conflicts.length === 0
                ? "Nothing was changed on both sides."
                : `Both sides changed ${conflicts.length === 1 ? "one cell or row" : `${conflicts.length} cells or rows`}: choose which to keep.`}
            </p>
            {conflicts.length > 0 ? (
              <table className="data-table" aria-label="Conflicts">
                <thead>
                  <tr>
                    <th scope="col">Where</th>
                    <th scope="col">Version {conflict.from}</th>
                    <th scope="col">Theirs (version {conflict.version})</th>
                    <th scope="col">Yours</th>
                    <th scope="col">Keep</th>
                  </tr>
                </thead>
                <tbody>
                  {conflicts.map((c, i) => (
                    <tr key={`${c.key}:${c.column ?? ""}`}>
                      <th scope="row">{conflictName(c)}</th>
                      <td>{shown(c.base)}</td>
                      <td>{shown(c.theirs)}</td>
                      <td>{shown(c.mine)}</td>
                      <td>
                        <div role="radiogroup" aria-label={conflictName(c)} className="choices">
                          {(["theirs", "mine"] as const).map((side) => (
                            <label key={side}>
                              <input
                                type="radio"
                                name={`conflict-${i}`}
                                checked={choices[i] === side}
                                onChange={() => choose(i, side)}
                              />{" "}
                              {side === "theirs" ? "Keep theirs" : "Use mine"}
                            </label>
                          ))}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {conflict.canSave ? null : (
              <p>
                You no longer hold the checkout: the merge is loaded for you to check out and save.
              </p>
            )}
          </>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="button"
            disabled={busy || !conflict.newest}
            onClick={onDiscard}
          >
            Discard mine
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !merge || open > 0}
            aria-busy={busy}
            title={open > 0 ? `Choose for ${open} more` : undefined}
            onClick={() => onApply(conflicts.map((_, i) => choices[i] ?? "theirs"))}
          >
            {conflict.canSave ? "Save merged rows" : "Load merged rows"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
