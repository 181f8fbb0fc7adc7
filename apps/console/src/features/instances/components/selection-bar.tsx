import { Link } from "react-router";
import type { Permissions } from "../../../permissions/can.ts";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState } from "../../../components/status.tsx";
import type { ExportRequest } from "../api/export-instances.ts";
import { useDeleteInstances } from "../api/delete-instances.ts";
import { paths } from "../../../app/paths.ts";

/** What is checked: rows by hand, or every instance matching the filters. */
export interface Selection {
  ids: number[];
  versions: Record<number, number>;
  /** Set when "Select all matching" made it: the filters it matched. */
  allMatching?: boolean;
  /** Still exactly the filters' matches (none unchecked since, none past the cap). */
  exact?: boolean;
}

/**
 * The actions on the checked instances (docs/instance-search.md): export,
 * bulk change, build, delete/restore, and "Select all N matching".
 */
export function SelectionBar({
  projectId,
  selection,
  total,
  selecting,
  exporting,
  permissions,
  onExport,
  onChange,
  onSelectAll,
  onClear,
}: {
  projectId: number;
  selection: Selection;
  /** How many instances match the filters (undefined while loading). */
  total: number | undefined;
  selecting: boolean;
  exporting: boolean;
  permissions: Permissions;
  onExport: (req: ExportRequest) => void;
  onChange: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const remover = useDeleteInstances();
  const n = selection.ids.length;
  const count = n.toLocaleString("en");
  const selectAll =
    total !== undefined && total > n ? (
      <button type="button" className="button" disabled={selecting} onClick={onSelectAll}>
        {selecting ? "Selecting…" : `Select all ${total.toLocaleString("en")} matching`}
      </button>
    ) : null;
  if (n === 0)
    return (
      <div className="selection-bar" role="toolbar" aria-label="Selected instances">
        <span className="muted">Check instances to export, change or build them.</span>
        {selectAll}
      </div>
    );
  const remove = (deleted: boolean) =>
    remover.mutate({ projectId, ids: selection.ids, versions: selection.versions, deleted });
  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected instances">
      <span>{selection.exact ? `All ${count} matching selected` : `${count} selected`}</span>
      {selectAll}
      <button type="button" className="button" onClick={onClear}>
        Clear selection
      </button>
      <button
        type="button"
        className="button"
        disabled={exporting}
        onClick={() => onExport({ kind: "selection", projectId, ids: selection.ids })}
      >
        {exporting ? "Exporting…" : `Export selection (${count})`}
      </button>
      <PermittedButton reason={permissions.reason("instances.change")} onClick={onChange}>
        Change selected ({count})…
      </PermittedButton>
      <PermittedButton
        reason={permissions.reason("instances.delete")}
        disabled={remover.isPending}
        onClick={() => remove(true)}
      >
        Delete ({count})
      </PermittedButton>
      <PermittedButton
        reason={permissions.reason("instances.delete")}
        disabled={remover.isPending}
        onClick={() => remove(false)}
      >
        Restore ({count})
      </PermittedButton>
      {permissions.may("build.start") ? (
        <Link
          className="button button-primary"
          to={paths.builds(projectId, `start=&instances=${selection.ids.join(",")}`)}
        >
          Build selected ({count})
        </Link>
      ) : (
        <PermittedButton
          className="button button-primary"
          reason={permissions.reason("build.start")}
        >
          Build selected ({count})
        </PermittedButton>
      )}
      {remover.isError ? <ErrorState error={remover.error} /> : null}
      {remover.isSuccess ? (
        <span role="status">
          {remover.data.filter((o) => o.status === "UPDATED").length.toLocaleString("en")} changed
        </span>
      ) : null}
    </div>
  );
}
