import type { Pattern } from "@metabuild/contract";
// The zod-free module: importing the contract's index would bundle zod, whose
// JIT probe (`Function("")`) the Content-Security-Policy reports (docs/http-edge.md).
import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract/limits";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useCreateInstance } from "../api/create-instance.ts";
import { SelectField } from "../../../components/select-field.tsx";
import { paths } from "../../../app/paths.ts";

// Permission: instance.create (docs/console-permissions.md):
// only its control, disabled for others, opens it.

/**
 * Creates an empty instance of a pattern and opens it in the editor, already
 * checked out, to add its rows.
 */
export function NewInstanceDialog({
  projectId,
  patterns,
  defaultPattern,
  defaultFolder,
  onClose,
}: {
  projectId: number;
  patterns: Pattern[];
  /** The pattern filter of the list, if any, offered first. */
  defaultPattern?: string;
  /** The folder the list shows. */
  defaultFolder?: string;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const navigate = useNavigate();
  const create = useCreateInstance();
  const initial = patterns.find((p) => p.name === defaultPattern) ?? patterns[0];
  const [patternId, setPatternId] = useState(initial ? String(initial.id) : "");
  const [folder, setFolder] = useState(defaultFolder ?? "/");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");

  function submit() {
    create.mutate(
      {
        project_id: projectId,
        pattern_id: Number(patternId),
        folder: folder.trim() || "/",
        name: name.trim(),
        description: description.trim() || null,
      },
      {
        onSuccess: (created) => navigate(paths.instance(projectId, created.instance_id)),
      },
    );
  }

  return (
    <FormDialog
      modal={modal}
      title="New instance"
      onClose={onClose}
      onSubmit={submit}
      error={create.error}
      submit={{
        label: "Create and edit",
        busyLabel: "Creating…",
        busy: create.isPending,
        disabled: name.trim() === "" || patternId === "",
      }}
    >
      <SelectField
        label="Pattern"
        value={patternId}
        onChange={setPatternId}
        choices={patterns.map((p) => ({ value: p.id, label: p.name }))}
        required
      />
      <label className="field">
        <span>Folder</span>
        <input
          value={folder}
          placeholder="/raw/crm"
          maxLength={DEFAULT_WRITE_LIMITS.pathLength}
          onChange={(e) => setFolder(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Name</span>
        {/* The server's default limit (it has no endpoint to ask for the configured one): docs/limits.md */}
        <input
          value={name}
          required
          spellCheck={false}
          maxLength={DEFAULT_WRITE_LIMITS.nameLength}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Description</span>
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
    </FormDialog>
  );
}
