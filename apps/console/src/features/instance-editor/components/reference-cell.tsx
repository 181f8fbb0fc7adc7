import type { ICellRendererParams } from "ag-grid-community";
import type { DraftRow } from "../row-draft.ts";

/** What a reference cell can do beyond text editing: pick a target, open it. */
export interface ReferenceActions {
  pick: (rowKey: string, column: string) => void;
  open: (column: string, text: string) => void;
}

/**
 * A reference cell (docs/lineage.md): its text, a button that opens the
 * picker and, when it holds a reference, a link to the target instance.
 */
export function ReferenceCell(
  props: ICellRendererParams<DraftRow> & {
    column: string;
    editable: boolean;
    actions: ReferenceActions;
  },
) {
  const row = props.data;
  if (!row) return null;
  const text = row.cells[props.column] ?? "";
  const at = `${props.column} on row ${(props.node.rowIndex ?? 0) + 1}`;
  return (
    <span className="reference-cell">
      <span className="reference-text">{text}</span>
      {props.editable ? (
        <button
          type="button"
          className="icon-button"
          aria-label={`Pick ${at}`}
          title="Pick an instance"
          tabIndex={-1}
          onClick={() => props.actions.pick(row.key, props.column)}
        >
          ⌕
        </button>
      ) : null}
      {text.trim() !== "" ? (
        <button
          type="button"
          className="icon-button"
          aria-label={`Open ${at}`}
          title="Open the referenced instance"
          tabIndex={-1}
          onClick={() => props.actions.open(props.column, text)}
        >
          ↗
        </button>
      ) : null}
    </span>
  );
}
