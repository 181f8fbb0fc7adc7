import type { InstanceListItem } from "@metabuild/contract";
import type { ICellRendererParams } from "ag-grid-community";
import { useEffect, useState } from "react";

/**
 * A row's selection box, named after the instance ("Select HUB
 * /erp/products/PRODUCT") so a person and a getByRole test can tell the rows
 * apart; AG Grid's own box is named the same on every row.
 */
export function SelectCell({
  node,
  data,
  api,
  describe,
  context,
}: ICellRendererParams<InstanceListItem, unknown, SelectContext> & {
  describe: (i: InstanceListItem) => string;
}) {
  const [checked, setChecked] = useState(() => node.isSelected() === true);
  useEffect(() => {
    const update = () => setChecked(node.isSelected() === true);
    update();
    node.addEventListener("rowSelected", update);
    return () => node.removeEventListener("rowSelected", update);
  }, [node]);
  if (!data) return null;
  return (
    <input
      type="checkbox"
      className="row-select"
      aria-label={`Select ${describe(data)}`}
      checked={checked}
      onChange={(e) => {
        const on = e.target.checked;
        const at = node.rowIndex ?? 0;
        // Shift-click: the rows from the last clicked one to this one take its state.
        const from = (e.nativeEvent as MouseEvent).shiftKey ? context.lastClicked : undefined;
        const [lo, hi] = from === undefined ? [at, at] : [Math.min(from, at), Math.max(from, at)];
        const toggled: InstanceListItem[] = [];
        for (let i = lo; i <= hi; i++) {
          const row = api.getDisplayedRowAtIndex(i);
          if (!row?.data) continue;
          row.setSelected(on, false, "checkboxSelected");
          toggled.push(row.data);
        }
        context.lastClicked = at;
        context.onToggled?.(toggled, on);
      }}
    />
  );
}

/** Shared by the rows' boxes: the last clicked row (for shift-click ranges). */
export interface SelectContext {
  lastClicked?: number;
  onToggled?: (rows: InstanceListItem[], selected: boolean) => void;
}
