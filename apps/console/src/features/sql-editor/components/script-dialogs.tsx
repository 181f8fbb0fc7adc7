import type { Script, ScriptSummary } from "@metabuild/contract";
// The zod-free module: the form's limits are the server's defaults.
import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract/limits";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import type { ScriptWrites } from "../api/write-scripts.ts";
import { scriptPathOf } from "../script-tree.ts";

/** What the Scripts pane asks to change (docs/metadata-scripts.md). */
export type ScriptChange =
  | { kind: "new-script"; folder: string; body: string }
  | { kind: "edit-script"; script: ScriptSummary }
  | { kind: "delete-script"; script: ScriptSummary }
  | { kind: "new-folder"; parent: string }
  | { kind: "move-folder"; path: string }
  | { kind: "delete-folder"; path: string };

/** What a change did, for the page (open the new script, follow a move, close a deleted one). */
export type ScriptChangeDone =
  | { kind: "script-saved"; script: Script }
  | { kind: "script-deleted"; id: number }
  | { kind: "folder-moved"; from: string; to: string }
  | { kind: "folder-changed" };

const TITLES: Record<ScriptChange["kind"], string> = {
  "new-script": "Save as a script",
  "edit-script": "Rename or move script",
  "delete-script": "Delete script",
  "new-folder": "New script folder",
  "move-folder": "Rename or move script folder",
  "delete-folder": "Delete script folder",
};

const childOf = (parent: string, name: string) => scriptPathOf(parent, name.trim());

export function ScriptDialog({
  change,
  writes,
  onClose,
  onDone,
}: {
  change: ScriptChange;
  writes: ScriptWrites;
  onClose: () => void;
  onDone: (done: ScriptChangeDone) => void;
}) {
  const modal = useModalDialog();
  const script = "script" in change ? change.script : undefined;
  const [name, setName] = useState(script?.name ?? "");
  const [folder, setFolder] = useState(
    change.kind === "new-script"
      ? change.folder
      : change.kind === "move-folder"
        ? change.path
        : (script?.folder ?? "/"),
  );
  const finish = (done: ScriptChangeDone) => {
    onDone(done);
    modal.close();
  };
  const mutation = {
    "new-script": writes.create,
    "edit-script": writes.save,
    "delete-script": writes.remove,
    "new-folder": writes.createFolder,
    "move-folder": writes.moveFolder,
    "delete-folder": writes.removeFolder,
  }[change.kind];

  function submit() {
    switch (change.kind) {
      case "new-script":
        return writes.create.mutate(
          { name, folder, body: change.body },
          { onSuccess: (s) => finish({ kind: "script-saved", script: s }) },
        );
      case "edit-script":
        return writes.save.mutate(
          { id: change.script.id, name, folder, base_version: change.script.vers_no },
          { onSuccess: (s) => finish({ kind: "script-saved", script: s }) },
        );
      case "delete-script":
        return writes.remove.mutate(
          { id: change.script.id, base_version: change.script.vers_no },
          { onSuccess: () => finish({ kind: "script-deleted", id: change.script.id }) },
        );
      case "new-folder":
        return writes.createFolder.mutate(childOf(change.parent, name), {
          onSuccess: () => finish({ kind: "folder-changed" }),
        });
      case "move-folder":
        return writes.moveFolder.mutate(
          { path: change.path, new_path: folder },
          { onSuccess: (m) => finish({ kind: "folder-moved", from: m.from, to: m.folder.path }) },
        );
      case "delete-folder":
        return writes.removeFolder.mutate(change.path, {
          onSuccess: () => finish({ kind: "folder-changed" }),
        });
    }
  }

  const deleting = change.kind === "delete-script" || change.kind === "delete-folder";
  const needsName =
    change.kind === "new-script" || change.kind === "edit-script" || change.kind === "new-folder";
  const needsFolder =
    change.kind === "new-script" || change.kind === "edit-script" || change.kind === "move-folder";
  return (
    <FormDialog
      modal={modal}
      title={
        change.kind === "new-script" && change.body === "" ? "New script" : TITLES[change.kind]
      }
      onClose={onClose}
      onSubmit={submit}
      error={mutation.error}
      submit={{
        label: deleting ? "Delete" : change.kind.startsWith("new") ? "Create" : "Save",
        busyLabel: deleting ? "Deleting…" : "Saving…",
        busy: mutation.isPending,
        disabled: (needsName && name.trim() === "") || (needsFolder && folder.trim() === ""),
      }}
    >
      {change.kind === "delete-script" ? (
        <p>
          Delete <code>{scriptPathOf(change.script.folder, change.script.name)}</code> with its
          versions? Its runs stay in the history.
        </p>
      ) : change.kind === "delete-folder" ? (
        <p>
          Delete the folder <code>{change.path}</code>? Only an empty folder can be deleted.
        </p>
      ) : change.kind === "new-folder" ? (
        <p className="muted">Inside {change.parent}</p>
      ) : null}
      {needsName ? (
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            required
            spellCheck={false}
            maxLength={DEFAULT_WRITE_LIMITS.nameLength}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      ) : null}
      {needsFolder ? (
        <label className="field">
          <span>{change.kind === "move-folder" ? "New path" : "Folder"}</span>
          <input
            value={folder}
            required
            spellCheck={false}
            maxLength={DEFAULT_WRITE_LIMITS.pathLength}
            onChange={(e) => setFolder(e.target.value)}
          />
          <small className="muted">
            A path such as /staging/hubs; missing folders are created.
          </small>
        </label>
      ) : null}
    </FormDialog>
  );
}
