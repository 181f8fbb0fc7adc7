import type { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import {
  INSTANCE_FLAG_CHOICES,
  type InstanceFlag,
  labelList,
} from "../../../lib/instance-flags.ts";
import { useChangeInstances } from "../api/change-instances.ts";

// Permission: instances.change (docs/console-permissions.md):
// only its controls, disabled for others, open it.

type Flags = NonNullable<InstanceBulkChange["flags"]>;

function summary(outcome: InstanceBulkOutcome): string {
  const count = (status: string) => outcome.instances.filter((i) => i.status === status).length;
  return `${count("UPDATED")} updated, ${count("UNCHANGED")} unchanged, ${count("SKIPPED")} skipped`;
}

/** The newer versions a bulk 409 names (`data.instances`), by id. */
function staleVersions(data: unknown): Record<number, number> {
  const list = (data as { instances?: { id: number; version: number }[] } | undefined)?.instances;
  return Object.fromEntries((list ?? []).map((i) => [i.id, i.version]));
}

/**
 * Adds or removes labels and sets or clears flags on the selected instances;
 * each changed instance gets a version of its own. Afterwards it says what
 * happened, naming the instances that were skipped and why.
 */
export function BulkChangeDialog({
  projectId,
  ids,
  baseVersions,
  onChanged,
  onClose,
}: {
  projectId: number;
  ids: number[];
  /** The version of each id the list showed: the change is based on them (409 when stale). */
  baseVersions: Record<number, number>;
  onChanged: () => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const change = useChangeInstances();
  const [add, setAdd] = useState("");
  const [remove, setRemove] = useState("");
  const [flags, setFlags] = useState<Flags>({});
  const [message, setMessage] = useState("");
  const [bases, setBases] = useState(baseVersions);
  const outcome = change.data;
  const stale = isApiError(change.error, 409) ? staleVersions(change.error.data) : undefined;
  const skipped = outcome?.instances.filter((i) => i.status === "SKIPPED") ?? [];
  const nothing =
    labelList(add).length === 0 &&
    labelList(remove).length === 0 &&
    Object.keys(flags).length === 0;

  function setFlag(flag: InstanceFlag, value: string) {
    const next = { ...flags };
    if (value === "") delete next[flag];
    else next[flag] = value === "set";
    setFlags(next);
  }

  function submit() {
    change.mutate(
      {
        project_id: projectId,
        ids,
        labels_add: labelList(add),
        labels_remove: labelList(remove),
        flags,
        message: message.trim() || undefined,
        base_versions: bases,
      },
      { onSuccess: onChanged },
    );
  }

  /** After a 409: based on the versions saved since, the same change can be applied again. */
  function reapply(newer: Record<number, number>) {
    setBases({ ...bases, ...newer });
    change.reset();
    onChanged();
  }

  return (
    <FormDialog
      modal={modal}
      title={`Change ${ids.length} ${ids.length === 1 ? "instance" : "instances"}`}
      onClose={onClose}
      onSubmit={submit}
      error={change.error}
      cancelLabel={outcome ? "Close" : "Cancel"}
      submit={{
        label: "Apply",
        busyLabel: "Changing…",
        busy: change.isPending,
        disabled: nothing || outcome !== undefined,
      }}
    >
      <label className="field">
        <span>Add labels</span>
        <input value={add} placeholder="reviewed, pii" onChange={(e) => setAdd(e.target.value)} />
      </label>
      <label className="field">
        <span>Remove labels</span>
        <input value={remove} onChange={(e) => setRemove(e.target.value)} />
      </label>
      <fieldset className="field bulk-flags">
        <legend>Flags</legend>
        {INSTANCE_FLAG_CHOICES.map(({ flag, label }) => (
          <label key={flag} className="field-inline">
            <span>{label}</span>
            <select
              value={flag in flags ? (flags[flag] ? "set" : "clear") : ""}
              onChange={(e) => setFlag(flag, e.target.value)}
            >
              <option value="">leave as is</option>
              <option value="set">set</option>
              <option value="clear">clear</option>
            </select>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Version message</span>
        <input
          value={message}
          placeholder="Why? (optional)"
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      {stale ? (
        <button type="button" className="button" onClick={() => reapply(stale)}>
          Reload and re-apply
        </button>
      ) : null}
      {outcome ? (
        <div role="status" aria-label="Change result">
          <p>{summary(outcome)}</p>
          {skipped.length > 0 ? (
            <ul aria-label="Skipped instances">
              {skipped.map((i) => (
                <li key={i.id}>
                  {i.folder === "/" ? "" : i.folder}/{i.name}: {i.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </FormDialog>
  );
}
