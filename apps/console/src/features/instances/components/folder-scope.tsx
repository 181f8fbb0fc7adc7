import { Link } from "react-router";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { paths } from "../../../app/paths.ts";

/**
 * The folder pane's header for the chosen folder: "Include subfolders"
 * (kept in the URL), and building or exporting the folder as shown
 * (docs/instance-search.md).
 */
export function FolderScope({
  projectId,
  folder,
  subtree,
  exporting,
  mayBuild,
  onSubtree,
  onExport,
}: {
  projectId: number;
  folder: string;
  subtree: boolean;
  exporting: boolean;
  /** Why a build would be refused, if it would. */
  mayBuild: string | undefined;
  onSubtree: (on: boolean) => void;
  onExport: () => void;
}) {
  const start = new URLSearchParams({ start: "", folder, subfolders: subtree ? "1" : "0" });
  return (
    <section className="folder-scope" aria-label="This folder">
      <label className="check">
        <input type="checkbox" checked={subtree} onChange={(e) => onSubtree(e.target.checked)} />
        Include subfolders
      </label>
      <div className="folder-scope-actions">
        {mayBuild ? (
          <PermittedButton reason={mayBuild}>Build this folder</PermittedButton>
        ) : (
          <Link className="button" to={paths.builds(projectId, start)}>
            Build this folder
          </Link>
        )}
        <button
          type="button"
          className="button"
          disabled={exporting}
          aria-busy={exporting}
          onClick={onExport}
        >
          {exporting ? "Exporting…" : "Export folder"}
        </button>
      </div>
    </section>
  );
}
