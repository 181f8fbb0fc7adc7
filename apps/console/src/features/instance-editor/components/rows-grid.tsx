import type { CellIssue, EditorColumn } from "@metabuild/contract";
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  type ColDef,
  type GridApi,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TooltipModule,
  ValidationModule,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef } from "react";
import type { DraftRow } from "../row-draft.ts";
import type { ReferenceActions } from "./reference-cell.tsx";
import { cellKind, toggleRoleCell } from "./rows-grid-cells.tsx";

// Rows live in the page (the draft); the grid shows and edits them in place.
// The API modules: without them forEachNode, getRowNode, ensure…Visible and refreshCells do nothing.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  RowApiModule,
  ScrollApiModule,
  RenderApiModule,
  TextEditorModule,
  SelectEditorModule,
  CellStyleModule,
  RowStyleModule,
  RowSelectionModule,
  TooltipModule,
  // Names a missing module in the browser console while developing.
  ...(import.meta.env.DEV ? [ValidationModule] : []),
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

/** What a header's tooltip says about its column: the rule a cell must follow. */
function columnRule(c: EditorColumn): string {
  const rule =
    c.kind === "role"
      ? `Functional role, carried by ${c.cardinality} rows`
      : `${c.datatype}${c.required ? ", required" : ""}`;
  return c.description ? `${rule}: ${c.description}` : rule;
}

/** A draft row with the messages of its invalid cells, by column. */
type GridRow = DraftRow & { problems: Record<string, string> };

export interface RowsGridHandle {
  /** Moves the keyboard focus to a cell (from the error list). */
  focusCell(rowKey: string, column: string): void;
  /** Ends an open cell edit, keeping its value (before a save from the keyboard). */
  stopEditing(): void;
}

interface Props {
  columns: EditorColumn[];
  draft: DraftRow[];
  issues: IssuesAt;
  editable: boolean;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  onCellChange: (key: string, column: string, value: string) => void;
  /** The picker and link of reference cells (docs/lineage.md). */
  referenceActions?: ReferenceActions;
}

/** The instance's rows: one column per property and role, `#` is the row's position. */
export const RowsGrid = forwardRef<RowsGridHandle, Props>(function RowsGrid(
  { columns, draft, issues, editable, selected, onSelect, onCellChange, referenceActions },
  ref,
) {
  const frame = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<GridRow>>(null);
  // Each row carries its own messages: a row whose issues change is new data, so the grid repaints it.
  const rowData = useMemo<GridRow[]>(
    () =>
      draft.map((row) => {
        const problems: Record<string, string> = {};
        for (const c of columns) {
          const m = issues.get(`${row.key}|${c.name}`);
          if (m) problems[c.name] = m.join("\n");
        }
        return { ...row, problems };
      }),
    [draft, issues, columns],
  );

  useImperativeHandle(ref, () => ({
    focusCell(rowKey, column) {
      const node = api.current?.getRowNode(rowKey);
      if (!node || node.rowIndex === null) return;
      api.current?.ensureIndexVisible(node.rowIndex);
      api.current?.ensureColumnVisible(column);
      api.current?.setFocusedCell(node.rowIndex, column);
    },
    stopEditing() {
      api.current?.stopEditing();
    },
  }));

  // Positions follow the order: after a move the `#` cells are recomputed.
  // A new order recomputes the positions, and the keyboard focus moves with the selected row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per draft; `selected` is read as it is then
  useEffect(() => {
    const grid = api.current;
    if (!grid) return;
    grid.refreshCells({ columns: ["@POS_NO"], force: true });
    const focused = grid.getFocusedCell();
    const node = selected ? grid.getRowNode(selected) : undefined;
    if (!focused || !node || node.rowIndex === null) return;
    if (!frame.current?.contains(document.activeElement)) return;
    if (node.rowIndex !== focused.rowIndex) grid.setFocusedCell(node.rowIndex, focused.column);
  }, [draft]);

  // The selection is the page's; a row added and selected at once is marked when the grid has it.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  // Compared with the latest choice, not this render's: after a move the grid
  // may focus the neighbour (the focused index stays) and then, from our
  // effect, the moved row again, both before React renders; checking against
  // a stale `selected` dropped the second and left the neighbour selected.
  const select = (key: string | undefined) => {
    if (key === selectedRef.current) return;
    selectedRef.current = key;
    onSelect(key);
  };
  const markSelection = useCallback((grid: GridApi<GridRow> | null) => {
    grid?.forEachNode((node) => {
      const on = node.id === selectedRef.current;
      if (node.isSelected() !== on) node.setSelected(on);
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection is marked at once
  useEffect(() => markSelection(api.current), [selected, markSelection]);

  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
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
        (c): ColDef<GridRow> => ({
          colId: c.name,
          headerName: c.name,
          headerClass: c.kind === "role" ? "header-role" : undefined,
          headerTooltip: columnRule(c),
          minWidth: c.kind === "role" ? 150 : 130,
          flex: c.kind === "role" ? 1 : 2,
          ...cellKind(c, editable, onCellChange, referenceActions),
          valueGetter: (p) => p.data?.cells[c.name] ?? "",
          valueSetter: (p) => {
            if (!p.data) return false;
            onCellChange(p.data.key, c.name, String(p.newValue ?? "").trim());
            // The draft (page state) owns the value; the grid gets it back as new row data.
            return false;
          },
          cellClassRules: { "cell-invalid": (p) => p.data?.problems[c.name] !== undefined },
          // The cell's own title (a browser tooltip) holds its messages.
          tooltipValueGetter: (p) => p.data?.problems[c.name],
        }),
      ),
    ];
  }, [columns, editable, onCellChange, referenceActions]);

  return (
    <div className="editor-grid" ref={frame}>
      <AgGridReact<GridRow>
        theme={theme}
        rowData={rowData}
        // Short instances take their own height; long ones scroll inside the frame.
        domLayout={draft.length <= 12 ? "autoHeight" : "normal"}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: false, resizable: true, suppressMovable: true }}
        getRowId={(p) => p.data.key}
        rowSelection={{ mode: "singleRow", checkboxes: false, enableClickSelection: true }}
        onRowDataUpdated={(e) => markSelection(e.api)}
        onSelectionChanged={(e) => {
          // Only a person's clicks: the marks set from `selected` (source "api") are no news.
          if (e.source !== "api") select(e.api.getSelectedRows()[0]?.key);
        }}
        onCellFocused={(e) => {
          if (e.rowIndex === null || e.rowPinned) return;
          const key = e.api.getDisplayedRowAtIndex(e.rowIndex)?.id;
          if (key) select(key);
        }}
        onCellKeyDown={(e) => {
          const key = (e.event as KeyboardEvent | null)?.key;
          if (key !== " " || !("column" in e)) return;
          const column = columns.find((c) => c.name === e.column.getColId());
          if (toggleRoleCell(column, e.data, editable, onCellChange)) e.event?.preventDefault();
        }}
        enableBrowserTooltips
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
