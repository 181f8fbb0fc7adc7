import type { InstanceListItem } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  type GridApi,
  type ColDef,
  ColumnApiModule,
  type ICellRendererParams,
  type IDatasource,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  type SelectionChangedEvent,
  type SortChangedEvent,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { EmptyState, ErrorState } from "../../../components/status.tsx";
import type { QueryValue } from "../../../lib/query-string.ts";
import { instancePageQueryOptions } from "../api/get-instances.ts";
import { LabelBadges, StateBadges, ValidityBadge } from "./instance-badges.tsx";
import { paths } from "../../../app/paths.ts";

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

export interface GridSort {
  field: string;
  desc: boolean;
}

/**
 * A row's selection box, named after the instance ("Select HUB
 * /erp/products/PRODUCT") so a person and a getByRole test can tell the rows
 * apart; AG Grid's own box is named the same on every row.
 */
function SelectCell({
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
interface SelectContext {
  lastClicked?: number;
  onToggled?: (rows: InstanceListItem[], selected: boolean) => void;
}

/** What the last page request of one datasource (`key`) gave. */
type Outcome = { key: string } & ({ total: number } | { error: unknown });

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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const [reloads, setReloads] = useState(0);
  const filterKey = JSON.stringify(filter);
  const key = `${reloads}:${filterKey}`;
  // Answers that arrive for an earlier filter are dropped.
  const latest = useRef(key);
  latest.current = key;

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

  // A new datasource (new filters) makes the grid start over from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter and retries
  const datasource = useMemo<IDatasource>(() => {
    return {
      getRows(p) {
        const s = p.sortModel[0];
        queryClient
          .fetchQuery(
            instancePageQueryOptions({
              filter,
              skip: p.startRow,
              limit: p.endRow - p.startRow,
              sort: s ? { field: s.colId, desc: s.sort === "desc" } : undefined,
            }),
          )
          .then((page) => {
            if (key !== latest.current) return;
            setOutcome({ key, total: page.total });
            p.successCallback(page.items, page.total);
          })
          .catch((error: unknown) => {
            if (key !== latest.current) return;
            setOutcome({ key, error });
            p.failCallback();
          });
      },
    };
  }, [key, queryClient]);

  const columns = useMemo<ColDef<InstanceListItem>[]>(() => {
    const sorted = (field: string) => (sort?.field === field ? (sort.desc ? "desc" : "asc") : null);
    const describe = (i: InstanceListItem) =>
      `${patternName(i.pattern_id)} ${i.folder === "/" ? "" : i.folder}/${i.name}`;
    return [
      {
        colId: "select",
        headerName: "",
        width: 48,
        sortable: false,
        resizable: false,
        suppressMovable: true,
        cellRenderer: SelectCell,
        cellRendererParams: { describe },
      },
      {
        field: "name",
        headerName: "Name",
        minWidth: 230,
        flex: 2,
        sort: sorted("name"),
        // The name opens the instance editor.
        cellRenderer: (p: { data?: InstanceListItem }) =>
          p.data ? (
            <Link className="cell-link" to={paths.instance(projectId, p.data.id)}>
              {p.data.name}
            </Link>
          ) : null,
      },
      {
        colId: "cascade",
        headerName: "Variables",
        sortable: false,
        width: 100,
        cellRenderer: (p: { data?: InstanceListItem }) =>
          p.data ? (
            <Link
              className="cell-link"
              aria-label={`Variable cascade of ${p.data.name}`}
              title="Where this instance's pattern variables get their values"
              to={paths.variables(
                projectId,
                `pattern_id=${p.data.pattern_id}&instance=${p.data.id}`,
              )}
            >
              Cascade
            </Link>
          ) : null,
      },
      {
        field: "pattern_id",
        headerName: "Pattern",
        width: 105,
        sort: sorted("pattern_id"),
        valueFormatter: (p) => (p.value == null ? "" : patternName(p.value)),
      },
      { field: "folder", headerName: "Folder", minWidth: 140, flex: 1, sort: sorted("folder") },
      { field: "version", headerName: "Version", width: 95, sort: sorted("version") },
      {
        field: "errors",
        headerName: "Validation",
        width: 115,
        sort: sorted("errors"),
        cellRenderer: (p: { data?: InstanceListItem }) =>
          p.data ? <ValidityBadge instance={p.data} /> : null,
      },
      {
        colId: "state",
        headerName: "State",
        sortable: false,
        width: 190,
        cellRenderer: (p: { data?: InstanceListItem }) =>
          p.data ? <StateBadges instance={p.data} /> : null,
      },
      {
        field: "labels",
        headerName: "Labels",
        sortable: false,
        minWidth: 120,
        flex: 1,
        cellRenderer: (p: { data?: InstanceListItem }) =>
          p.data ? <LabelBadges labels={p.data.labels} /> : null,
      },
      {
        field: "release_id",
        headerName: "Release",
        width: 100,
        sort: sorted("release_id"),
        valueFormatter: (p) => releaseName(p.value ?? null),
      },
      { field: "description", headerName: "Description", sortable: false, minWidth: 200, flex: 2 },
    ];
  }, [projectId, sort, patternName, releaseName]);

  function sortChanged(e: SortChangedEvent<InstanceListItem>) {
    const col = e.api.getColumnState().find((c) => c.sort);
    const next = col?.sort ? { field: col.colId, desc: col.sort === "desc" } : undefined;
    if (next?.field !== sort?.field || next?.desc !== sort?.desc) onSortChange(next);
  }

  const current = outcome?.key === key ? outcome : undefined;
  const total = current && "total" in current ? current.total : undefined;
  const error = current && "error" in current ? current.error : undefined;
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
            <ErrorState error={error} onRetry={() => setReloads((n) => n + 1)} />
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
