import type { InstanceFolder } from "@metabuild/contract";
import type { Permissions } from "../../../permissions/can.ts";
import type { ContextMenuItem } from "../../../components/context-menu.tsx";
import { Loading } from "../../../components/status.tsx";
import { FolderActions } from "./folder-actions.tsx";
import { FolderScope } from "./folder-scope.tsx";
import { FolderTree } from "./folder-tree.tsx";

/** The instances page's folder pane: the shown folder's scope, the folder actions and the tree. */
export function FolderPane({
  projectId,
  folder,
  subtree,
  folders,
  exporting,
  permissions,
  menuItems,
  onShow,
  onSubtree,
  onExport,
  onMoved,
}: {
  projectId: number;
  /** The folder shown, if one is. */
  folder: string | undefined;
  subtree: boolean;
  /** Undefined while they load. */
  folders: InstanceFolder[] | undefined;
  exporting: boolean;
  permissions: Permissions;
  menuItems: (path: string, hasSubfolders: boolean) => ContextMenuItem[];
  onShow: (folder: string | undefined) => void;
  onSubtree: (on: boolean) => void;
  onExport: () => void;
  onMoved: () => void;
}) {
  return (
    <aside className="folder-pane" aria-label="Folder tree">
      {folder ? (
        <FolderScope
          projectId={projectId}
          folder={folder}
          subtree={subtree}
          exporting={exporting}
          mayBuild={permissions.reason("build.start")}
          onSubtree={onSubtree}
          onExport={onExport}
        />
      ) : null}
      <FolderActions
        projectId={projectId}
        selected={folder}
        folders={folders ?? []}
        onShow={onShow}
        onMoved={onMoved}
      />
      {folders === undefined ? (
        <Loading label="Loading folders…" />
      ) : (
        <FolderTree folders={folders} selected={folder} onSelect={onShow} menuItems={menuItems} />
      )}
    </aside>
  );
}
