import { useCallback, useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useProjectPermissions } from "../../../api/get-me.ts";
import { usePatterns } from "../../../api/get-patterns.ts";
import { useReleaseGroups } from "../../../api/get-releases.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { useExportInstances } from "../api/export-instances.ts";
import { useInstanceFolders } from "../api/get-instance-folders.ts";
import { useLabels } from "../api/get-labels.ts";
import { FolderActions } from "../components/folder-actions.tsx";
import { FolderTree } from "../components/folder-tree.tsx";
import { InstanceFilters } from "../components/instance-filters.tsx";
import { InstanceGrid } from "../components/instance-grid.tsx";
import { InvalidNamesNotice } from "../components/invalid-names-notice.tsx";
import { NewInstanceDialog } from "../components/new-instance-dialog.tsx";
import { BulkChangeDialog } from "../components/bulk-change-dialog.tsx";
import { UploadDialog } from "../components/upload-dialog.tsx";
import {
  type InstanceSearch,
  instanceFilterQuery,
  isFiltered,
  readInstanceSearch,
  writeInstanceSearch,
} from "../instance-search.ts";

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
  const filter = useMemo(() => instanceFilterQuery(projectId, search), [projectId, search]);
  // Checked rows, for "Build selected" (the builds page opens its start dialog with them).
  const [selected, setSelected] = useState<number[]>([]);
  // The version of each checked row as the grid showed it: a bulk change is based on them.
  const [versions, setVersions] = useState<Record<number, number>>({});
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  // The selection when "Change selected" was pressed (the grid may reload meanwhile).
  const [changing, setChanging] = useState<{ ids: number[]; versions: Record<number, number> }>();
  // Bumped after an upload so the grid reloads its pages.
  const [refresh, setRefresh] = useState(0);
  const exporter = useExportInstances();
  const permissions = useProjectPermissions(projectId);
  const cannotEdit = permissions.reason("write_instances");

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  return (
    <div className="instances-page">
      <PageHeader
        title="Instances"
        description="Pick a folder, narrow with the filters; the address keeps them for sharing."
        actions={
          <>
            <PermittedButton reason={cannotEdit} onClick={() => setCreating(true)}>
              New instance
            </PermittedButton>
            <PermittedButton reason={cannotEdit} onClick={() => setUploading(true)}>
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
      <InvalidNamesNotice projectId={projectId} />
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
          <div className="selection-bar" role="toolbar" aria-label="Selected instances">
            {selected.length === 0 ? (
              <span className="muted">Check instances to export, change or build them.</span>
            ) : (
              <>
                <span>{selected.length} selected</span>
                <button
                  type="button"
                  className="button"
                  disabled={exporter.isPending}
                  onClick={() => exporter.mutate({ kind: "selection", projectId, ids: selected })}
                >
                  {exporter.isPending && exporter.variables?.kind === "selection"
                    ? "Exporting…"
                    : `Export selection (${selected.length})`}
                </button>
                <PermittedButton
                  reason={cannotEdit}
                  onClick={() => setChanging({ ids: selected, versions })}
                >
                  Change selected ({selected.length})…
                </PermittedButton>
                {permissions.may("write_builds") ? (
                  <Link
                    className="button button-primary"
                    to={`/projects/${projectId}/builds?start=&instances=${selected.join(",")}`}
                  >
                    Build selected ({selected.length})
                  </Link>
                ) : (
                  <PermittedButton
                    className="button button-primary"
                    reason={permissions.reason("write_builds")}
                  >
                    Build selected ({selected.length})
                  </PermittedButton>
                )}
              </>
            )}
          </div>
          <div className="instances-layout">
            <aside className="folder-pane" aria-label="Folder tree">
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
              onSelectionChange={(ids, shown) => {
                setSelected(ids);
                setVersions(shown);
              }}
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
