import type { CellIssue, EditorColumn } from "@metabuild/contract";
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type GridApi,
  ModuleRegistry,
  RowSelectionModule,
  RowStyleModule,
  TextEditorModule,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from "react";
import type { DraftRow } from "../row-draft.ts";

// Rows live in the page (the draft); the grid shows and edits them in place.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TextEditorModule,
  CellStyleModule,
  RowStyleModule,
  RowSelectionModule,
]);

// The console's colours, so the grid follows the light and dark themes.
const theme = themeQuartz.withParams({
  fontFamily: "inherit",
  fontSize: 13,
  headerFontWeight: 600,
  spacing: 5,
  backgroundColor: "var(--surface)",
  foregroundColor: "var(--text)",
  borderColor: "var(--border)",
  headerBackgroundColor: "var(--surface-2)",
  oddRowBackgroundColor: "var(--surface)",
  accentColor: "var(--accent)",
  selectedRowBackgroundColor: "var(--info-bg)",
});

/** Messages per "rowKey|column": what a cell shows in red with its title. */
export type IssuesAt = Map<string, string[]>;

export function issuesAt(issues: readonly CellIssue[], draft: readonly DraftRow[]): IssuesAt {
  const at: IssuesAt = new Map();
  for (const issue of issues) {
    const row = draft[issue.row];
    if (!row) continue;
    const id = `${row.key}|${issue.column}`;
    at.set(id, [...(at.get(id) ?? []), issue.message]);
  }
  return at;
}

export interface RowsGridHandle {
  /** Moves the keyboard focus to a cell (from the error list). */
  focusCell(rowKey: string, column: string): void;
}

interface Props {
  columns: EditorColumn[];
  draft: DraftRow[];
  issues: IssuesAt;
  editable: boolean;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  onCellChange: (key: string, column: string, value: string) => void;
}

/** The instance's rows: one column per property and role, `#` is the row's position. */
export const RowsGrid = forwardRef<RowsGridHandle, Props>(function RowsGrid(
  { columns, draft, issues, editable, selected, onSelect, onCellChange },
  ref,
) {
  const frame = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<DraftRow>>(null);
  // Cell class rules read the current issues through this ref; refreshCells repaints them.
  const issuesRef = useRef(issues);
  issuesRef.current = issues;

  useImperativeHandle(ref, () => ({
    focusCell(rowKey, column) {
      const node = api.current?.getRowNode(rowKey);
      if (!node || node.rowIndex === null) return;
      api.current?.ensureIndexVisible(node.rowIndex);
      api.current?.ensureColumnVisible(column);
      api.current?.setFocusedCell(node.rowIndex, column);
    },
  }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: new issues repaint the cells (read through issuesRef)
  useEffect(() => {
    api.current?.refreshCells({ force: true });
  }, [issues]);

  // Positions follow the order: after a move the `#` cells are recomputed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order recomputes the positions
  useEffect(() => {
    api.current?.refreshCells({ columns: ["@POS_NO"], force: true });
  }, [draft]);

  useEffect(() => {
    const grid = api.current;
    if (!grid) return;
    grid.forEachNode((node) => node.setSelected(node.id === selected));
  }, [selected]);

  const columnDefs = useMemo<ColDef<DraftRow>[]>(() => {
    const messages = (p: { data?: DraftRow; colDef: ColDef<DraftRow> }) =>
      p.data ? issuesRef.current.get(`${p.data.key}|${p.colDef.colId}`) : undefined;
    return [
      {
        colId: "@POS_NO",
        headerName: "#",
        width: 56,
        pinned: "left",
        editable: false,
        valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
        cellClass: "cell-position",
      },
      ...columns.map(
        (c): ColDef<DraftRow> => ({
          colId: c.name,
          headerName: c.name,
          headerClass: c.kind === "role" ? "header-role" : undefined,
          minWidth: c.kind === "role" ? 110 : 130,
          flex: c.kind === "role" ? 1 : 2,
          editable,
          valueGetter: (p) => p.data?.cells[c.name] ?? "",
          valueSetter: (p) => {
            if (!p.data) return false;
            onCellChange(p.data.key, c.name, String(p.newValue ?? "").trim());
            // The draft (page state) owns the value; the grid gets it back as new row data.
            return false;
          },
          cellClassRules: { "cell-invalid": (p) => messages(p) !== undefined },
          cellRenderer: (p: { value: string; data?: DraftRow; colDef: ColDef<DraftRow> }) => {
            const m = messages(p);
            return (
              <span className="cell-text" title={m?.join("\n")}>
                {p.value}
              </span>
            );
          },
        }),
      ),
    ];
  }, [columns, editable, onCellChange]);

  return (
    <div className="editor-grid" ref={frame}>
      <AgGridReact<DraftRow>
        theme={theme}
        rowData={draft}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: false, resizable: true, suppressMovable: true }}
        getRowId={(p) => p.data.key}
        rowSelection={{ mode: "singleRow", checkboxes: false, enableClickSelection: true }}
        onSelectionChanged={(e) => onSelect(e.api.getSelectedRows()[0]?.key)}
        onCellFocused={(e) => {
          if (e.rowIndex === null || e.rowPinned) return;
          const key = e.api.getDisplayedRowAtIndex(e.rowIndex)?.id;
          if (key && key !== selected) onSelect(key);
        }}
        stopEditingWhenCellsLoseFocus
        singleClickEdit={false}
        onGridReady={(e) => {
          api.current = e.api;
          // AG Grid leaves its grid unnamed; tests and screen readers find it as "Rows".
          frame.current
            ?.querySelector('[role="grid"], [role="treegrid"]')
            ?.setAttribute("aria-label", "Rows");
        }}
        overlayNoRowsTemplate="<span>No rows yet. Add one with “Add row”.</span>"
      />
    </div>
  );
});
