import { useCallback, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useCan } from "../../../permissions/can.ts";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState } from "../../../components/status.tsx";
import { useExportInstances } from "../api/export-instances.ts";
import { useInstanceFolders } from "../api/get-instance-folders.ts";
import { useLabels } from "../api/get-labels.ts";
import { BulkChangeDialog } from "../components/bulk-change-dialog.tsx";
import { folderFilter, useFolderMenu } from "../components/folder-menu.ts";
import { FolderPane } from "../components/folder-pane.tsx";
import { InstanceFilters } from "../components/instance-filters.tsx";
import { InstanceGrid } from "../components/instance-grid.tsx";
import { InvalidNamesNotice } from "../components/invalid-names-notice.tsx";
import { NewInstanceDialog } from "../components/new-instance-dialog.tsx";
import { SelectionBar } from "../components/selection-bar.tsx";
import { UploadDialog } from "../components/upload-dialog.tsx";
import {
  type InstanceSearch,
  includesSubfolders,
  instanceFilterQuery,
  isFiltered,
  readInstanceSearch,
  writeInstanceSearch,
} from "../instance-search.ts";
import { useInstanceNames } from "../use-instance-names.ts";
import { useInstanceSelection } from "../use-instance-selection.ts";

export default function InstancesPage() {
  const raw = useParams().projectId;
  const projectId = Number(raw);
  const [params, setParams] = useSearchParams();
  // Everything on screen comes from the URL, so deep links and Back restore it.
  const search = useMemo(() => readInstanceSearch(params), [params]);
  // flushSync: controlled inputs (check boxes, selects) show the new value at
  // once instead of flicking back while the navigation is a transition.
  const setSearch = useCallback(
    (next: InstanceSearch) => setParams(writeInstanceSearch(next), { flushSync: true }),
    [setParams],
  );

  const folders = useInstanceFolders(projectId);
  const labels = useLabels(projectId);
  const { patterns, releaseGroups, patternName, releaseName } = useInstanceNames();
  // A parent folder shows its whole subtree unless the URL says otherwise.
  const hasSubfolders = useMemo(() => {
    const at = folders.data?.find((f) => f.path === search.folder);
    return Boolean(at && folders.data?.some((f) => f.parent_id === at.id));
  }, [folders.data, search.folder]);
  const subtree = includesSubfolders(search, hasSubfolders);
  const filter = useMemo(
    () => instanceFilterQuery(projectId, search, hasSubfolders),
    [projectId, search, hasSubfolders],
  );
  // Checked rows for "Build selected" and the other actions of the selection bar.
  const selected = useInstanceSelection(filter);
  const { selection, selectAllMatching } = selected;
  const [total, setTotal] = useState<number>();
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  // The selection when "Change selected" was pressed (the grid may reload meanwhile).
  const [changing, setChanging] = useState<{ ids: number[]; versions: Record<number, number> }>();
  // Bumped after an upload so the grid reloads its pages.
  const [refresh, setRefresh] = useState(0);
  const exporter = useExportInstances();
  const permissions = useCan(projectId);
  const folderMenu = useFolderMenu({
    projectId,
    permissions,
    onExport: useCallback((f) => exporter.mutate({ kind: "filter", filter: f }), [exporter]),
    onChange: useCallback((ids, versions) => setChanging({ ids, versions }), []),
    onError: selected.setSelectError,
  });

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  return (
    <div className="instances-page">
      <PageHeader
        title="Instances"
        description="Pick a folder, narrow with the filters; the address keeps them for sharing."
        actions={
          <>
            <PermittedButton
              reason={permissions.reason("instance.create")}
              onClick={() => setCreating(true)}
            >
              New instance
            </PermittedButton>
            <PermittedButton
              reason={permissions.reason("instances.upload")}
              onClick={() => setUploading(true)}
            >
              Upload workbook
            </PermittedButton>
            <button
              type="button"
              className="button"
              disabled={exporter.isPending}
              aria-busy={exporter.isPending}
              title="The instances of the current filters as an .xlsx workbook"
              onClick={() => exporter.mutate({ kind: "filter", filter })}
            >
              {exporter.isPending && exporter.variables?.kind === "filter"
                ? "Exporting…"
                : "Export"}
            </button>
          </>
        }
      />
      <InvalidNamesNotice projectId={projectId} listShown={total !== undefined} />
      {selected.selectError ? (
        <ErrorState error={selected.selectError} onRetry={selectAllMatching} />
      ) : null}
      {exporter.isError ? (
        <div className="export-error">
          <ErrorState
            error={exporter.error}
            onRetry={() => exporter.variables && exporter.mutate(exporter.variables)}
          />
        </div>
      ) : null}
      {uploading ? (
        <UploadDialog
          projectId={projectId}
          patterns={patterns}
          releaseGroups={releaseGroups}
          onClose={() => setUploading(false)}
          onUploaded={() => setRefresh((n) => n + 1)}
        />
      ) : null}
      {changing ? (
        <BulkChangeDialog
          projectId={projectId}
          ids={changing.ids}
          baseVersions={changing.versions}
          onChanged={() => setRefresh((n) => n + 1)}
          onClose={() => setChanging(undefined)}
        />
      ) : null}
      {creating ? (
        <NewInstanceDialog
          projectId={projectId}
          patterns={patterns}
          defaultPattern={search.pattern}
          defaultFolder={search.folder}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {folders.isError ? (
        // Without the folders the project itself is not readable (403/404): say why.
        <ErrorState error={folders.error} onRetry={() => folders.refetch()} />
      ) : (
        <>
          <InstanceFilters
            search={search}
            onChange={setSearch}
            patterns={patterns}
            labels={labels.data ?? []}
            releaseGroups={releaseGroups}
          />
          <SelectionBar
            projectId={projectId}
            selection={selection}
            total={total}
            selecting={selected.selecting}
            exporting={exporter.isPending && exporter.variables?.kind === "selection"}
            permissions={permissions}
            onExport={(req) =>
              // All matching: the same set by its filters, not a URL of thousands of ids.
              exporter.mutate(selection.exact ? { kind: "filter", filter } : req)
            }
            onChange={() => setChanging({ ids: selection.ids, versions: selection.versions })}
            onSelectAll={selectAllMatching}
            onClear={selected.clear}
          />
          <div className="instances-layout">
            <FolderPane
              projectId={projectId}
              folder={search.folder}
              subtree={subtree}
              folders={folders.data}
              exporting={exporter.isPending && exporter.variables?.kind === "filter"}
              permissions={permissions}
              menuItems={folderMenu}
              onShow={(folder) => setSearch({ ...search, folder })}
              onSubtree={(on) => setSearch({ ...search, subfolders: on })}
              onExport={() =>
                exporter.mutate({
                  kind: "filter",
                  filter: folderFilter(projectId, search.folder as string, subtree),
                })
              }
              onMoved={() => setRefresh((n) => n + 1)}
            />
            <InstanceGrid
              projectId={projectId}
              filter={filter}
              refresh={refresh}
              sort={search.sort}
              onSortChange={(sort) => setSearch({ ...search, sort })}
              patternName={patternName}
              releaseName={releaseName}
              onTotal={setTotal}
              selectedIds={selected.chosenIds}
              onSelectionChange={selected.onGridSelection}
              onRowsToggled={selected.onRowsToggled}
              emptyHint={
                isFiltered(search)
                  ? "Change or clear the filters to see more."
                  : "This project has no instances yet. Create one, upload a spreadsheet or import a bundle."
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
