import type { InstanceListItem } from "@metabuild/contract";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { usePatterns } from "../../../api/get-patterns.ts";
import { useReleaseGroups } from "../../../api/get-releases.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useCan } from "../../../permissions/can.ts";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { useExportInstances } from "../api/export-instances.ts";
import { useInstanceFolders } from "../api/get-instance-folders.ts";
import { useLabels } from "../api/get-labels.ts";
import { fetchMatching } from "../api/select-matching.ts";
import { FolderActions } from "../components/folder-actions.tsx";
import { FolderScope } from "../components/folder-scope.tsx";
import { folderFilter, useFolderMenu } from "../components/folder-menu.ts";
import { type Selection, SelectionBar } from "../components/selection-bar.tsx";
import { FolderTree } from "../components/folder-tree.tsx";
import { InstanceFilters } from "../components/instance-filters.tsx";
import { InstanceGrid } from "../components/instance-grid.tsx";
import { InvalidNamesNotice } from "../components/invalid-names-notice.tsx";
import { NewInstanceDialog } from "../components/new-instance-dialog.tsx";
import { BulkChangeDialog } from "../components/bulk-change-dialog.tsx";
import { UploadDialog } from "../components/upload-dialog.tsx";
import {
  type InstanceSearch,
  includesSubfolders,
  instanceFilterQuery,
  isFiltered,
  readInstanceSearch,
  writeInstanceSearch,
} from "../instance-search.ts";

const NONE: Selection = { ids: [], versions: {} };

/** An "all matching" selection after a person (un)checked some of its rows. */
function toggleRows(s: Selection, rows: InstanceListItem[], on: boolean): Selection {
  const ids = new Set(s.ids);
  const versions = { ...s.versions };
  for (const r of rows) {
    if (on) {
      ids.add(r.id);
      versions[r.id] = r.version;
    } else ids.delete(r.id);
  }
  return { ...s, ids: [...ids], versions, exact: s.exact && on };
}

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
  const patterns = usePatterns();
  const groups = useReleaseGroups();

  const patternName = useCallback(
    (id: number) => patterns.data?.find((p) => p.id === id)?.name ?? `#${id}`,
    [patterns.data],
  );
  const releaseName = useCallback(
    (id: number | null) => {
      if (id === null) return "";
      for (const g of groups.data ?? []) {
        const r = g.releases.find((x) => x.id === id);
        if (r) return `${g.name} ${r.name}`;
      }
      return `#${id}`;
    },
    [groups.data],
  );
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
  // Checked rows with the version each showed (a bulk change is based on them),
  // for "Build selected" and the other actions of the selection bar.
  const [selection, setSelection] = useState<Selection>(NONE);
  const [total, setTotal] = useState<number>();
  const [selecting, setSelecting] = useState(false);
  const [selectError, setSelectError] = useState<unknown>();
  const filterKey = JSON.stringify(filter);
  // New filters: an "all matching" selection no longer matches them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters
  useEffect(() => setSelection((s) => (s.allMatching ? NONE : s)), [filterKey]);
  const selectAllMatching = useCallback(() => {
    setSelecting(true);
    setSelectError(undefined);
    fetchMatching(filter)
      .then((m) =>
        setSelection({
          ids: m.ids,
          versions: m.versions,
          allMatching: true,
          exact: m.ids.length === m.total,
        }),
      )
      .catch(setSelectError)
      .finally(() => setSelecting(false));
  }, [filter]);
  const chosenIds = useMemo(
    () => (selection.allMatching ? new Set(selection.ids) : undefined),
    [selection],
  );
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
    onError: setSelectError,
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
      {selectError ? <ErrorState error={selectError} onRetry={selectAllMatching} /> : null}
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
          patterns={patterns.data ?? []}
          releaseGroups={groups.data ?? []}
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
          patterns={patterns.data ?? []}
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
            patterns={patterns.data ?? []}
            labels={labels.data ?? []}
            releaseGroups={groups.data ?? []}
          />
          <SelectionBar
            projectId={projectId}
            selection={selection}
            total={total}
            selecting={selecting}
            exporting={exporter.isPending && exporter.variables?.kind === "selection"}
            permissions={permissions}
            onExport={(req) =>
              // All matching: the same set by its filters, not a URL of thousands of ids.
              exporter.mutate(selection.exact ? { kind: "filter", filter } : req)
            }
            onChange={() => setChanging({ ids: selection.ids, versions: selection.versions })}
            onSelectAll={selectAllMatching}
            onClear={() => setSelection(NONE)}
          />
          <div className="instances-layout">
            <aside className="folder-pane" aria-label="Folder tree">
              {search.folder ? (
                <FolderScope
                  projectId={projectId}
                  folder={search.folder}
                  subtree={subtree}
                  exporting={exporter.isPending && exporter.variables?.kind === "filter"}
                  mayBuild={permissions.reason("build.start")}
                  onSubtree={(on) => setSearch({ ...search, subfolders: on })}
                  onExport={() =>
                    exporter.mutate({
                      kind: "filter",
                      filter: folderFilter(projectId, search.folder as string, subtree),
                    })
                  }
                />
              ) : null}
              <FolderActions
                projectId={projectId}
                selected={search.folder}
                folders={folders.data ?? []}
                onShow={(folder) => setSearch({ ...search, folder })}
                onMoved={() => setRefresh((n) => n + 1)}
              />
              {folders.isPending ? (
                <Loading label="Loading folders…" />
              ) : (
                <FolderTree
                  folders={folders.data}
                  selected={search.folder}
                  onSelect={(folder) => setSearch({ ...search, folder })}
                  menuItems={folderMenu}
                />
              )}
            </aside>
            <InstanceGrid
              projectId={projectId}
              filter={filter}
              refresh={refresh}
              sort={search.sort}
              onSortChange={(sort) => setSearch({ ...search, sort })}
              patternName={patternName}
              releaseName={releaseName}
              onTotal={setTotal}
              selectedIds={chosenIds}
              onSelectionChange={(ids, shown) =>
                // An "all matching" selection holds rows not loaded: it changes by toggles only.
                setSelection((s) => (s.allMatching ? s : { ids, versions: shown }))
              }
              onRowsToggled={(rows, on) =>
                setSelection((s) => (s.allMatching ? toggleRows(s, rows, on) : s))
              }
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
