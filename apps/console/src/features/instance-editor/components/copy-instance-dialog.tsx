import type { InstanceEditing } from "@metabuild/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useCopyInstance } from "../api/copy-instance.ts";
import { paths } from "../../../app/paths.ts";

// Permission: instance.copy (docs/console-permissions.md):
// only its control, disabled for others, opens it.

/**
 * Copies the instance (its saved rows, description and labels) under a new
 * name or folder and opens the copy, checked out, in the editor.
 */
export function CopyInstanceDialog({
  instance,
  onClose,
}: {
  instance: InstanceEditing;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const navigate = useNavigate();
  const copy = useCopyInstance(instance.instance_id);
  const [folder, setFolder] = useState(instance.folder);
  const [name, setName] = useState(`${instance.instance_name}_COPY`);

  function submit() {
    copy.mutate(
      { folder: folder.trim() || "/", name: name.trim() },
      {
        onSuccess: (created) => {
          modal.close();
          navigate(paths.instance(created.project_id, created.instance_id));
        },
      },
    );
  }

  return (
    <FormDialog
      modal={modal}
      title={`Copy ${instance.instance_name}`}
      onClose={onClose}
      onSubmit={submit}
      error={copy.error}
      submit={{
        label: "Copy and edit",
        busyLabel: "Copying…",
        busy: copy.isPending,
        disabled: name.trim() === "",
      }}
    >
      <p className="muted">
        The copy gets the saved rows of version {instance.version}, the description and the labels;
        not the flags or the release.
      </p>
      <label className="field">
        <span>Folder</span>
        <input value={folder} onChange={(e) => setFolder(e.target.value)} />
      </label>
      <label className="field">
        <span>Name</span>
        <input value={name} required spellCheck={false} onChange={(e) => setName(e.target.value)} />
      </label>
    </FormDialog>
  );
}
