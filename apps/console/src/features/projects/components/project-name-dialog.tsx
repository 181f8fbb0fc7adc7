import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract/limits";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useCreateProject, useUpdateProject } from "../api/project-writes.ts";

// Permission: project.manage (docs/console-permissions.md):
// only its controls, shown to those who may, open it.

/** Creates a project, or renames `project` when given (admins). */
export function ProjectNameDialog({
  project,
  onClose,
}: {
  project?: { id: number; name: string };
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const create = useCreateProject();
  const update = useUpdateProject();
  const mutation = project ? update : create;
  const [name, setName] = useState(project?.name ?? "");
  const trimmed = name.trim();

  function submit() {
    const done = { onSuccess: () => modal.close() };
    if (project) update.mutate({ id: project.id, change: { name: trimmed } }, done);
    else create.mutate({ name: trimmed }, done);
  }

  return (
    <FormDialog
      modal={modal}
      title={project ? `Rename project ${project.name}` : "New project"}
      onClose={onClose}
      onSubmit={submit}
      error={mutation.error}
      submit={{
        label: project ? "Rename" : "Create",
        busyLabel: "Saving…",
        busy: mutation.isPending,
        disabled: trimmed === "" || trimmed === project?.name,
      }}
    >
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
    </FormDialog>
  );
}
