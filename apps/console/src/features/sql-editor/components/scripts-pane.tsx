import type { ScriptSummary } from "@metabuild/contract";
import { MenuButton } from "../../../components/menu-button.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useScripts } from "../api/get-scripts.ts";
import { type ScriptFolderNode, scriptFolderTree } from "../script-tree.ts";
import type { ScriptChange } from "./script-dialogs.tsx";

/**
 * The project's saved scripts in their folders (docs/metadata-scripts.md):
 * choosing a script opens it in the editor; the menus rename, move and
 * delete. Changes need the grant for metadata writes (`writeReason` says why not).
 */
export function ScriptsPane({
  projectId,
  openId,
  writeReason,
  onOpen,
  onChange,
}: {
  projectId: number;
  openId: number | undefined;
  writeReason: string | undefined;
  onOpen: (script: ScriptSummary) => void;
  onChange: (change: ScriptChange) => void;
}) {
  const scripts = useScripts(projectId);
  const canWrite = writeReason === undefined;

  function folder(node: ScriptFolderNode, depth: number) {
    return (
      <li key={node.path}>
        {depth > 0 ? (
          <div className="sql-scripts-row sql-scripts-folder">
            <span className="sql-scripts-name" title={node.path}>
              {node.name}
            </span>
            {canWrite ? (
              <MenuButton
                label={`Folder ${node.path} actions`}
                items={[
                  {
                    label: "New script here…",
                    onSelect: () => onChange({ kind: "new-script", folder: node.path, body: "" }),
                  },
                  {
                    label: "New folder inside…",
                    onSelect: () => onChange({ kind: "new-folder", parent: node.path }),
                  },
                  {
                    label: "Rename or move…",
                    onSelect: () => onChange({ kind: "move-folder", path: node.path }),
                  },
                  {
                    label: "Delete…",
                    onSelect: () => onChange({ kind: "delete-folder", path: node.path }),
                  },
                ]}
              >
                ⋯
              </MenuButton>
            ) : null}
          </div>
        ) : null}
        <ul
          className="sql-scripts-list"
          aria-label={depth === 0 ? "Scripts and folders" : `In ${node.path}`}
        >
          {node.folders.map((f) => folder(f, depth + 1))}
          {node.scripts.map((s) => (
            <li key={s.id} className="sql-scripts-row">
              <button
                type="button"
                className="sql-scripts-script"
                aria-current={s.id === openId ? "true" : undefined}
                title={`Version ${s.vers_no}${s.updated_by ? `, saved by ${s.updated_by}` : ""}`}
                onClick={() => onOpen(s)}
              >
                {s.name}
              </button>
              {canWrite ? (
                <MenuButton
                  label={`Script ${s.name} actions`}
                  items={[
                    {
                      label: "Rename or move…",
                      onSelect: () => onChange({ kind: "edit-script", script: s }),
                    },
                    {
                      label: "Delete…",
                      onSelect: () => onChange({ kind: "delete-script", script: s }),
                    },
                  ]}
                >
                  ⋯
                </MenuButton>
              ) : null}
            </li>
          ))}
        </ul>
      </li>
    );
  }

  return (
    <section className="sql-scripts" aria-labelledby="sql-scripts-title">
      <div className="sql-scripts-head">
        <h2 id="sql-scripts-title">Scripts</h2>
        <PermittedButton
          className="button button-small"
          reason={writeReason}
          onClick={() => onChange({ kind: "new-folder", parent: "/" })}
        >
          New folder
        </PermittedButton>
      </div>
      <QueryView query={scripts} loadingLabel="Loading scripts…">
        {(tree) =>
          tree.folders.length === 0 && tree.scripts.length === 0 ? (
            <EmptyState title="No saved scripts yet.">
              Save the editor's text as a script to keep it, run it again and see its runs.
            </EmptyState>
          ) : (
            <ul className="sql-scripts-tree">{folder(scriptFolderTree(tree), 0)}</ul>
          )
        }
      </QueryView>
    </section>
  );
}
