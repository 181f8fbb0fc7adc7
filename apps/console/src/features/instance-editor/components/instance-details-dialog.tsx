import type { InstanceDetailsSave, InstanceEditing } from "@metabuild/contract";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useSaveInstanceDetails } from "../api/save-instance-details.ts";

type Flag = keyof NonNullable<InstanceDetailsSave["flags"]>;

/** The flags of product.md §4, with what each does. */
const FLAGS: { flag: Flag; label: string }[] = [
  { flag: "build_disabled", label: "Build disabled: builds skip it" },
  { flag: "upload_disabled", label: "Upload disabled: spreadsheet uploads leave it as it is" },
  { flag: "insert_disabled", label: "Insert disabled: metadata INSERTs refuse it" },
  { flag: "edit_disabled", label: "Edit disabled: read-only in the console" },
  { flag: "deleted", label: "Deleted: hidden from lists and wildcard builds" },
];

/** Labels as typed: separated by commas or spaces, each once. */
function parseLabels(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((l) => l !== ""))];
}

/**
 * Description, labels, release and flags of the instance, saved as a new
 * version (the rows stay as saved).
 */
export function InstanceDetailsDialog({
  instance,
  onSaved,
  onClose,
}: {
  instance: InstanceEditing;
  /** The version after the save, and whether the save made it (false: nothing changed). */
  onSaved: (version: number, changed: boolean) => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const save = useSaveInstanceDetails(instance.instance_id);
  const [description, setDescription] = useState(instance.description ?? "");
  const [labels, setLabels] = useState(instance.labels.join(", "));
  const [release, setRelease] = useState(instance.release ?? "");
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    build_disabled: instance.build_disabled,
    upload_disabled: instance.upload_disabled,
    insert_disabled: instance.insert_disabled,
    edit_disabled: instance.edit_disabled,
    deleted: instance.deleted,
  });
  const [message, setMessage] = useState("");

  function submit() {
    save.mutate(
      {
        // "" clears the description and the release.
        description: description.trim(),
        labels: parseLabels(labels),
        release: instance.release_group === null ? undefined : release,
        flags,
        message: message.trim() || undefined,
      },
      {
        onSuccess: (after) => {
          onSaved(after.version, after.version !== instance.version);
          modal.close();
        },
      },
    );
  }

  return (
    <FormDialog
      modal={modal}
      title={`Details of ${instance.instance_name}`}
      onClose={onClose}
      onSubmit={submit}
      error={save.error}
      submit={{ label: "Save details", busyLabel: "Saving…", busy: save.isPending }}
    >
      <label className="field">
        <span>Description</span>
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="field">
        <span>Labels</span>
        <input
          value={labels}
          placeholder="pii, finance"
          spellCheck={false}
          onChange={(e) => setLabels(e.target.value)}
        />
      </label>
      {instance.release_group === null ? null : (
        <label className="field">
          <span>Release ({instance.release_group})</span>
          <select value={release} onChange={(e) => setRelease(e.target.value)}>
            <option value="">none</option>
            {instance.releases.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="field">
        <legend>Flags</legend>
        {FLAGS.map(({ flag, label }) => (
          <label key={flag} className="field-inline">
            <input
              type="checkbox"
              checked={flags[flag]}
              onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Version message</span>
        <input
          value={message}
          placeholder="What changed? (optional)"
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
    </FormDialog>
  );
}
