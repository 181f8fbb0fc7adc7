import type { MetadataColumn } from "@metabuild/contract";
import {
  CellStyleModule,
  type ColDef,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { useMemo, useRef } from "react";

// A result is at most the row limit and arrives whole: the client-side row model sorts it here.
// CellStyleModule applies `cellClass` (NULL cells, right-aligned numbers).
ModuleRegistry.registerModules([ClientSideRowModelModule, ColumnAutoSizeModule, CellStyleModule]);

const theme = themeQuartz.withParams({
  fontFamily: "inherit",
  fontSize: 13,
  headerFontWeight: 600,
  spacing: 5,
});

type Row = Record<string, unknown>;

/** The column's name over its type (from the result's `metadata`). */
function TypedHeader({ displayName, type }: { displayName: string; type: string }) {
  return (
    <span className="sql-col-header">
      <span className="sql-col-name">{displayName}</span>
      <span className="sql-col-type">{type}</span>
    </span>
  );
}

function display(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A statement's rows, one column per result column, typed headers, sortable. */
export function ResultGrid({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: MetadataColumn[];
  rows: Row[];
}) {
  const frame = useRef<HTMLDivElement>(null);
  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((c): ColDef<Row> => {
        const numeric = c.type === "integer" || c.type === "number";
        return {
          // Names may hold dots or repeat (a.x, b.x): ids by position, values read by name.
          colId: `c${c.pos_no}`,
          headerName: c.name,
          valueGetter: (p) => p.data?.[c.name],
          valueFormatter: (p) => display(p.value),
          // A column's own cellClass replaces its type's: numbers keep AG Grid's right alignment here.
          cellClass: (p) =>
            [
              numeric ? "ag-right-aligned-cell" : "",
              p.value === null || p.value === undefined ? "sql-null" : "",
            ].filter(Boolean),
          type: numeric ? "rightAligned" : undefined,
          headerComponentParams: {
            innerHeaderComponent: TypedHeader,
            innerHeaderComponentParams: { type: c.type },
          },
          // Wide enough for the whole header name; long values are cut with an ellipsis.
          minWidth: Math.min(Math.max(90, c.name.length * 9 + 36), 320),
        };
      }),
    [columns],
  );
  return (
    <div className="sql-grid-frame" ref={frame}>
      <AgGridReact<Row>
        theme={theme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true }}
        autoSizeStrategy={{ type: "fitCellContents" }}
        onGridReady={() =>
          // AG Grid leaves its grid unnamed; tests and screen readers find it by `label`.
          frame.current
            ?.querySelector('[role="grid"], [role="treegrid"]')
            ?.setAttribute("aria-label", label)
        }
        suppressNoRowsOverlay
      />
    </div>
  );
}
