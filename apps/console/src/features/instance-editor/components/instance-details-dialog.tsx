import type { InstanceEditing } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import {
  INSTANCE_FLAG_CHOICES,
  type InstanceFlag,
  labelList,
} from "../../../lib/instance-flags.ts";
import { instanceEditingQueryOptions } from "../api/get-instance-editing.ts";
import { useSaveInstanceDetails } from "../api/save-instance-details.ts";

// Permission: instance.edit (docs/console-permissions.md):
// opened from the editor only while the details are editable.

/**
 * Description, labels, release and flags of the instance, saved as a new
 * version (the rows stay as saved). Only what the user changed is sent,
 * based on the version shown: after someone else saved (409) the same
 * changes are re-applied on the newest version.
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
  // What the dialog opened with: fields left as they were are not sent.
  const [opened] = useState(() => ({ description, labels, release, flags }));
  const client = useQueryClient();
  const stale = isApiError(save.error, 409);

  function submit() {
    const changedFlags = Object.fromEntries(
      Object.entries(flags).filter(([f, on]) => opened.flags[f as InstanceFlag] !== on),
    );
    save.mutate(
      {
        // "" clears the description and the release.
        description: description !== opened.description ? description.trim() : undefined,
        labels: labels !== opened.labels ? labelList(labels) : undefined,
        release:
          instance.release_group === null || release === opened.release ? undefined : release,
        flags: changedFlags,
        message: message.trim() || undefined,
        base_version: instance.version,
      },
      {
        onSuccess: (after) => {
          onSaved(after.version, after.version !== instance.version);
          modal.close();
        },
      },
    );
  }

  async function reloadNewest() {
    await client.refetchQueries({
      queryKey: instanceEditingQueryOptions(instance.instance_id).queryKey,
    });
    save.reset();
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
      {stale ? (
        <button type="button" className="button" onClick={() => void reloadNewest()}>
          Reload and re-apply
        </button>
      ) : null}
    </FormDialog>
  );
}
