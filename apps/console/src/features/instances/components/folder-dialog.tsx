import type { InstanceFolder } from "@metabuild/contract";
// The zod-free module (docs/http-edge.md): the form's limits are the server's defaults.
import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract/limits";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useCreateFolder, useDeleteFolder, useMoveFolder } from "../api/folder-writes.ts";
import { childPath, parentPath } from "../folder-paths.ts";

// Permission: folder.create, folder.move, folder.delete (docs/console-permissions.md):
// only the folder actions, disabled for others, open it.

export type FolderAction = "create" | "rename" | "move" | "delete";

const TITLES: Record<FolderAction, string> = {
  create: "New folder",
  rename: "Rename folder",
  move: "Move folder",
  delete: "Delete folder",
};

/**
 * New folder, rename, move and delete for the folder the tree has selected
 * (docs/folders-and-projects.md). `onDone` hears the path to show afterwards.
 */
export function FolderDialog({
  projectId,
  action,
  folder,
  folders,
  onClose,
  onDone,
}: {
  projectId: number;
  action: FolderAction;
  /** The selected folder: the parent of a new one, else the one to change. */
  folder: string;
  folders: InstanceFolder[];
  onClose: () => void;
  onDone: (path: string) => void;
}) {
  const modal = useModalDialog();
  const create = useCreateFolder(projectId);
  const move = useMoveFolder(projectId);
  const remove = useDeleteFolder(projectId);
  const current = folder.slice(folder.lastIndexOf("/") + 1);
  const [name, setName] = useState(action === "rename" ? current : "");
  const parent = parentPath(folder);
  // A folder cannot move into itself or below itself, nor "move" where it is.
  const targets = folders
    .map((f) => f.path)
    .filter((p) => p !== folder && !p.startsWith(`${folder}/`) && p !== parent);
  const [target, setTarget] = useState(targets[0] ?? "/");

  const mutation = action === "create" ? create : action === "delete" ? remove : move;
  const finish = (path: string) => {
    onDone(path);
    modal.close();
  };

  function submit() {
    if (action === "create") {
      create.mutate(childPath(folder, name), { onSuccess: (f) => finish(f.path) });
    } else if (action === "delete") {
      remove.mutate(folder, { onSuccess: () => finish(parent) });
    } else {
      const newPath = action === "rename" ? childPath(parent, name) : childPath(target, current);
      move.mutate({ path: folder, newPath }, { onSuccess: (m) => finish(m.folder.path) });
    }
  }

  const needsName = action === "create" || action === "rename";
  return (
    <FormDialog
      modal={modal}
      title={TITLES[action]}
      onClose={onClose}
      onSubmit={submit}
      error={mutation.error}
      submit={{
        label: { create: "Create", rename: "Rename", move: "Move", delete: "Delete" }[action],
        busyLabel: action === "delete" ? "Deleting…" : "Saving…",
        busy: mutation.isPending,
        disabled:
          (needsName && name.trim() === "") ||
          (action === "rename" && name.trim() === current) ||
          (action === "move" && targets.length === 0),
      }}
    >
      {action === "create" ? (
        <p className="muted">Inside {folder}</p>
      ) : (
        <p className="muted">
          Folder {folder}
          {action === "delete"
            ? ": only an empty folder can be deleted."
            : ": its subfolders, instances and folder-level values go along; each instance gets a new version."}
        </p>
      )}
      {needsName ? (
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            required
            spellCheck={false}
            maxLength={DEFAULT_WRITE_LIMITS.pathLength}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      ) : null}
      {action === "move" ? (
        <SelectField
          label="Move into"
          value={target}
          onChange={setTarget}
          choices={targets.map((p) => ({ value: p, label: p }))}
          required
        />
      ) : null}
    </FormDialog>
  );
}
