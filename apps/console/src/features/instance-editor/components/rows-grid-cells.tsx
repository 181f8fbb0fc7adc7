import type { EditorColumn } from "@metabuild/contract";
import type { ColDef, ICellRendererParams } from "ag-grid-community";
import type { DraftRow } from "../row-draft.ts";
import { type ReferenceActions, ReferenceCell } from "./reference-cell.tsx";

/** What a checked role cell stores: a row carries a role when its cell is not empty. */
export const ROLE_MARK = "X";

/** The values a boolean property offers; "" leaves the cell empty. */
export const BOOLEAN_CHOICES = ["", "true", "false"];

type Row = DraftRow & { problems: Record<string, string> };
type ChangeCell = (key: string, column: string, value: string) => void;

export function carriesRole(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== "";
}

/**
 * A role cell as a checkbox: whether the row carries the role. Checking
 * writes "X", unchecking clears the cell (docs/console-instance-writes.md).
 */
function RoleCheckbox(
  props: ICellRendererParams<Row> & { column: string; editable: boolean; change: ChangeCell },
) {
  const row = props.data;
  if (!row) return null;
  const checked = carriesRole(row.cells[props.column]);
  return (
    <input
      type="checkbox"
      className="role-checkbox"
      aria-label={`${props.column} on row ${(props.node.rowIndex ?? 0) + 1}`}
      checked={checked}
      disabled={!props.editable}
      // The grid keeps the keyboard: Space on the focused cell toggles (see toggleRoleCell).
      tabIndex={-1}
      onChange={() => props.change(row.key, props.column, checked ? "" : ROLE_MARK)}
    />
  );
}

/** How a column's cells show and edit: role checkboxes, boolean selects, reference pickers, text. */
export function cellKind(
  c: EditorColumn,
  editable: boolean,
  change: ChangeCell,
  references?: ReferenceActions,
): ColDef<Row> {
  if (c.kind === "role")
    return {
      editable: false,
      cellRenderer: RoleCheckbox,
      cellRendererParams: { column: c.name, editable, change },
    };
  if (c.datatype === "boolean")
    return {
      editable,
      cellEditor: "agSelectCellEditor",
      cellEditorParams: { values: BOOLEAN_CHOICES },
    };
  if (c.datatype === "reference" && references)
    return {
      editable,
      cellRenderer: ReferenceCell,
      cellRendererParams: { column: c.name, editable, actions: references },
    };
  return { editable };
}

/** Space on a focused role cell toggles it, as a click on its checkbox would. */
export function toggleRoleCell(
  c: EditorColumn | undefined,
  row: Row | undefined,
  editable: boolean,
  change: ChangeCell,
): boolean {
  if (!c || c.kind !== "role" || !row || !editable) return false;
  change(row.key, c.name, carriesRole(row.cells[c.name]) ? "" : ROLE_MARK);
  return true;
}
