import type { InstanceListItem } from "@metabuild/contract";
import type { ColDef } from "ag-grid-community";
import { useMemo } from "react";
import { Link } from "react-router";
import { paths } from "../../../app/paths.ts";
import { LabelBadges, StateBadges, ValidityBadge } from "./instance-badges.tsx";
import { SelectCell } from "./select-cell.tsx";

export interface GridSort {
  field: string;
  desc: boolean;
}

/** The instance grid's columns: the sorted one marked, names linking to the editor. */
export function useInstanceColumns(
  projectId: number,
  sort: GridSort | undefined,
  patternName: (id: number) => string,
  releaseName: (id: number | null) => string,
): ColDef<InstanceListItem>[] {
  return useMemo<ColDef<InstanceListItem>[]>(() => {
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
}
