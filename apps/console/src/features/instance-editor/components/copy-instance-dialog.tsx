import type { InstanceEditing } from "@metabuild/contract";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorState } from "../../../components/status.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useCopyInstance } from "../api/copy-instance.ts";

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
  const { ref, close } = useModalDialog();
  const titleId = useId();
  const navigate = useNavigate();
  const copy = useCopyInstance(instance.instance_id);
  const [folder, setFolder] = useState(instance.folder);
  const [name, setName] = useState(`${instance.instance_name}_COPY`);

  function submit(e: FormEvent) {
    e.preventDefault();
    copy.mutate(
      { folder: folder.trim() || "/", name: name.trim() },
      {
        onSuccess: (created) => {
          close();
          navigate(`/projects/${created.project_id}/instances/${created.instance_id}`);
        },
      },
    );
  }

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} className="dialog-form">
        <h2 id={titleId}>Copy {instance.instance_name}</h2>
        <p className="muted">
          The copy gets the saved rows of version {instance.version}, the description and the
          labels; not the flags or the release.
        </p>
        <label className="field">
          <span>Folder</span>
          <input value={folder} onChange={(e) => setFolder(e.target.value)} />
        </label>
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            required
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        {copy.isError ? <ErrorState error={copy.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={copy.isPending || name.trim() === ""}
          >
            {copy.isPending ? "Copying…" : "Copy and edit"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
