/** Add, remove and reorder rows; acting on the selected row (add appends when none is). */
export function RowToolbar({
  editable,
  selectedPosition,
  rowCount,
  onAdd,
  onPaste,
  onRemove,
  onMove,
}: {
  editable: boolean;
  /** 1-based position of the selected row, if any. */
  selectedPosition: number | undefined;
  rowCount: number;
  onAdd: () => void;
  /** Opens the paste dialog (rows from a spreadsheet). */
  onPaste: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const none = selectedPosition === undefined;
  return (
    <div className="row-toolbar" role="toolbar" aria-label="Row actions">
      <button type="button" className="button" disabled={!editable} onClick={onAdd}>
        Add row
      </button>
      <button type="button" className="button" disabled={!editable} onClick={onPaste}>
        Paste rows…
      </button>
      <button type="button" className="button" disabled={!editable || none} onClick={onRemove}>
        Remove row
      </button>
      <button
        type="button"
        className="button"
        disabled={!editable || none || selectedPosition === 1}
        onClick={() => onMove(-1)}
        aria-keyshortcuts="Alt+ArrowUp"
      >
        Move up
      </button>
      <button
        type="button"
        className="button"
        disabled={!editable || none || selectedPosition === rowCount}
        onClick={() => onMove(1)}
        aria-keyshortcuts="Alt+ArrowDown"
      >
        Move down
      </button>
      <span className="muted row-toolbar-hint">
        {none ? "Select a row to remove or move it." : `Row ${selectedPosition} selected.`}
      </span>
    </div>
  );
}
