import type { InstanceListItem } from "@metabuild/contract";
import {
  type GridApi,
  ColumnApiModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  type SelectionChangedEvent,
  type SortChangedEvent,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../app/paths.ts";
import { EmptyState, ErrorState } from "../../../components/status.tsx";
import type { QueryValue } from "../../../lib/query-string.ts";
import { useInstancePages } from "../use-instance-pages.ts";
import { type GridSort, useInstanceColumns } from "./instance-columns.tsx";
import type { SelectContext } from "./select-cell.tsx";

export type { GridSort } from "./instance-columns.tsx";
// Only the infinite row model: the server pages and sorts (docs/reference/rules.md §3), so
// 100,000 instances scroll without loading them all.
// Row selection: "Build selected" starts a build of the checked instances.
// Row API: shift-click ranges read rows by index (getDisplayedRowAtIndex).
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  ColumnApiModule,
  RowApiModule,
  RowSelectionModule,
]);

const PAGE_SIZE = 100;

const theme = themeQuartz.withParams({
  fontFamily: "inherit",
  fontSize: 13,
  headerFontWeight: 600,
  spacing: 6,
});

export function InstanceGrid({
  projectId,
  filter,
  refresh = 0,
  sort,
  onSortChange,
  patternName,
  releaseName,
  emptyHint,
  onSelectionChange,
  onRowsToggled,
  onTotal,
  selectedIds,
}: {
  projectId: number;
  filter: Record<string, QueryValue>;
  /** Bumped by the page when the instances changed (an upload): the grid reloads. */
  refresh?: number;
  sort: GridSort | undefined;
  onSortChange: (sort: GridSort | undefined) => void;
  patternName: (id: number) => string;
  releaseName: (id: number | null) => string;
  emptyHint: string;
  /** The ids of the checked rows, whenever they change, and the version each shows. */
  onSelectionChange?: (ids: number[], versions: Record<number, number>) => void;
  /** Rows a person checked or unchecked (one, or a shift-click range). */
  onRowsToggled?: (rows: InstanceListItem[], selected: boolean) => void;
  /** The number of instances matching the filters, once known. */
  onTotal?: (total: number | undefined) => void;
  /** Set while "all matching" is selected: loaded rows in it show checked. */
  selectedIds?: ReadonlySet<number>;
}) {
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const { datasource, total, error, retry } = useInstancePages(filter);
  const columns = useInstanceColumns(projectId, sort, patternName, releaseName);

  // After an upload or a change of the selection: the same rows fetched again,
  // keeping scroll position and selection (a new datasource would drop both).
  const grid = useRef<GridApi<InstanceListItem>>(undefined);
  const context = useRef<SelectContext>({}).current;
  context.onToggled = onRowsToggled;
  const chosen = useRef(selectedIds);
  chosen.current = selectedIds;
  // Rows of an "all matching" selection show checked as they load; clearing it unchecks all.
  const markChosen = (api: GridApi<InstanceListItem>) => {
    const ids = chosen.current;
    if (!ids) return;
    api.forEachNode((n) => {
      if (n.data && ids.has(n.data.id) !== n.isSelected()) n.setSelected(ids.has(n.data.id));
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: markChosen reads the ref
  useEffect(() => {
    const api = grid.current;
    if (!api) return;
    if (selectedIds) markChosen(api);
    else if (api.getSelectedRows().length > 0) api.deselectAll();
  }, [selectedIds]);
  useEffect(() => {
    if (refresh > 0) grid.current?.refreshInfiniteCache();
  }, [refresh]);

  function sortChanged(e: SortChangedEvent<InstanceListItem>) {
    const col = e.api.getColumnState().find((c) => c.sort);
    const next = col?.sort ? { field: col.colId, desc: col.sort === "desc" } : undefined;
    if (next?.field !== sort?.field || next?.desc !== sort?.desc) onSortChange(next);
  }

  useEffect(() => onTotal?.(total), [total, onTotal]);

  return (
    <section className="grid-area" aria-label="Instances">
      <p className="grid-status" role="status" aria-live="polite">
        {total === undefined
          ? error
            ? ""
            : "Loading instances…"
          : `${total.toLocaleString("en")} ${total === 1 ? "instance" : "instances"}`}
      </p>
      <div className="grid-frame" ref={frame}>
        <AgGridReact<InstanceListItem>
          theme={theme}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={PAGE_SIZE}
          maxBlocksInCache={20}
          columnDefs={columns}
          defaultColDef={{ sortable: true, resizable: true }}
          getRowId={(p) => String(p.data.id)}
          onSortChanged={sortChanged}
          context={context}
          onModelUpdated={(e) => markChosen(e.api)}
          rowSelection={{
            mode: "multiRow",
            checkboxes: false,
            headerCheckbox: false,
            enableClickSelection: false,
          }}
          onSelectionChanged={(e: SelectionChangedEvent<InstanceListItem>) => {
            const rows = e.api.getSelectedRows();
            onSelectionChange?.(
              rows.map((r) => r.id),
              Object.fromEntries(rows.map((r) => [r.id, r.version])),
            );
          }}
          onCellKeyDown={(e) => {
            // Enter on a focused row opens its instance, as a click on its name does.
            const event = e.event as KeyboardEvent | null;
            if (event?.key !== "Enter" || !e.data) return;
            if (event.target instanceof HTMLInputElement) return;
            navigate(paths.instance(projectId, e.data.id));
          }}
          onGridReady={(e) => {
            grid.current = e.api;
            // AG Grid leaves its grid unnamed; tests and screen readers find it as "Instances".
            frame.current
              ?.querySelector('[role="grid"], [role="treegrid"]')
              ?.setAttribute("aria-label", "Instances");
          }}
          suppressMultiSort
          suppressNoRowsOverlay
        />
        {error ? (
          <div className="grid-overlay">
            <ErrorState error={error} onRetry={retry} />
          </div>
        ) : total === 0 ? (
          <div className="grid-overlay">
            <EmptyState title="No instances match.">{emptyHint}</EmptyState>
          </div>
        ) : null}
      </div>
    </section>
  );
}
