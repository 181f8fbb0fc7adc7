import type { InstanceEditing } from "@metabuild/contract";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import {
  INSTANCE_FLAG_CHOICES,
  type InstanceFlag,
  labelList,
} from "../../../lib/instance-flags.ts";
import { useSaveInstanceDetails } from "../api/save-instance-details.ts";

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
  const [flags, setFlags] = useState<Record<InstanceFlag, boolean>>({
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
        labels: labelList(labels),
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
        <SelectField
          label={`Release (${instance.release_group})`}
          value={release}
          onChange={setRelease}
          empty="none"
          choices={instance.releases.map((r) => ({ value: r, label: r }))}
        />
      )}
      <fieldset className="field">
        <legend>Flags</legend>
        {INSTANCE_FLAG_CHOICES.map(({ flag, label, effect }) => (
          <label key={flag} className="field-inline">
            <input
              type="checkbox"
              checked={flags[flag]}
              onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })}
            />
            {label}: {effect}
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
