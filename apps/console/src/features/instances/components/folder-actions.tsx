import type { InstanceFolder } from "@metabuild/contract";
import { useState } from "react";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import type { ConsoleAction } from "../../../permissions/actions.ts";
import { useCan } from "../../../permissions/can.ts";
import { type FolderAction, FolderDialog } from "./folder-dialog.tsx";

/** The rule of each folder action (renaming is a move: docs/folders-and-projects.md). */
const FOLDER_ACTIONS: Record<FolderAction, ConsoleAction> = {
  create: "folder.create",
  rename: "folder.move",
  move: "folder.move",
  delete: "folder.delete",
};

/**
 * The folder pane's actions on the selected folder (docs/folders-and-projects.md):
 * New folder inside it (the root when none is selected), Rename, Move, Delete.
 */
export function FolderActions({
  projectId,
  selected,
  folders,
  onShow,
  onMoved,
}: {
  projectId: number;
  selected: string | undefined;
  folders: InstanceFolder[];
  /** Shows a folder's instances (the new, renamed or moved one; the parent of a deleted one). */
  onShow: (path: string) => void;
  /** The instances list reloads: their folders changed. */
  onMoved: () => void;
}) {
  const [action, setAction] = useState<FolderAction>();
  const folder = selected ?? "/";
  const changeable = selected !== undefined && selected !== "/";
  const permissions = useCan(projectId);
  const button = (a: FolderAction, label: string, enabled: boolean) => (
    <PermittedButton
      className="button button-small"
      reason={permissions.reason(FOLDER_ACTIONS[a])}
      disabled={!enabled}
      title={enabled ? undefined : "Select a folder first"}
      onClick={() => setAction(a)}
    >
      {label}
    </PermittedButton>
  );
  return (
    <div className="folder-actions" role="toolbar" aria-label="Folder actions">
      {button("create", "New folder", true)}
      {button("rename", "Rename", changeable)}
      {button("move", "Move", changeable)}
      {button("delete", "Delete", changeable)}
      {action ? (
        <FolderDialog
          projectId={projectId}
          action={action}
          folder={folder}
          folders={folders}
          onClose={() => setAction(undefined)}
          onDone={(path) => {
            onShow(path);
            if (action === "rename" || action === "move") onMoved();
          }}
        />
      ) : null}
    </div>
  );
}
