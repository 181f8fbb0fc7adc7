import type { LineageImpact, VariableValueRef } from "@metabuild/contract";
import { type FormEvent, useState } from "react";
import { useClearVariableValue } from "../api/clear-variable-value.ts";
import { useSetVariableValue } from "../api/set-variable-value.ts";
import { useVariableValueImpact } from "../features/lineage/api/variable-value-impact.ts";
import { ImpactDialog } from "../features/lineage/components/impact-dialog.tsx";

/**
 * Set, change or clear one variable's value at one place (project, folder or
 * instance). `where` names the place for people and assistive technology
 * (project name, folder path, instance path). After a change every view of
 * the variables reloads, so values and sources below the place follow.
 */
export function ValueEditor({
  place,
  where,
  value,
  setHere,
}: {
  place: VariableValueRef;
  where: string;
  /** The effective value: the starting text when editing. */
  value: string | null;
  /** Whether a value is set at this very place (only then can it be cleared). */
  setHere: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const set = useSetVariableValue();
  const clear = useClearVariableValue();
  const dryRun = useVariableValueImpact();
  const [impact, setImpact] = useState<LineageImpact | null>(null);
  const busy = set.isPending || clear.isPending || dryRun.isPending;
  const error = set.error ?? clear.error ?? dryRun.error;
  const subject = `${place.variable} at ${where}`;

  const open = () => {
    set.reset();
    clear.reset();
    setText(value ?? "");
    setEditing(true);
  };
  const save = () => {
    setImpact(null);
    set.mutate({ ...place, value: text }, { onSuccess: () => setEditing(false) });
  };
  // The impact first (docs/lineage.md "Impact"): a save that changes what
  // instances render asks before it is made; one that changes nothing saves at once.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dryRun.mutate(
      { ...place, value: text },
      {
        onSuccess: (found) =>
          found.changed.length === 0 && found.invalid.length === 0 ? save() : setImpact(found),
      },
    );
  };

  return (
    <div style={{ display: "flex", gap: "0.25rem", flexWrap: "wrap", alignItems: "center" }}>
      {editing ? (
        <form
          aria-label={`Edit ${subject}`}
          onSubmit={submit}
          style={{ display: "flex", gap: "0.25rem" }}
        >
          <input
            aria-label={`New value of ${subject}`}
            value={text}
            disabled={busy}
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked for
            autoFocus
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(false);
            }}
          />
          <button type="submit" className="button button-primary button-small" disabled={busy}>
            Save
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={() => setEditing(false)}
          >
            Cancel
          </button>
        </form>
      ) : (
        <>
          <button
            type="button"
            className="button button-small"
            aria-label={`${setHere ? "Change" : "Set"} ${subject}`}
            disabled={busy}
            onClick={open}
          >
            {setHere ? "Change" : "Set"}
          </button>
          {setHere ? (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={`Clear ${subject}`}
              title="Remove the value set here; the next level applies"
              disabled={busy}
              onClick={() => clear.mutate(place)}
            >
              Clear
            </button>
          ) : null}
        </>
      )}
      {impact ? (
        <ImpactDialog
          subject={subject}
          impact={impact}
          onSave={save}
          onCancel={() => setImpact(null)}
        />
      ) : null}
      {error ? (
        <span role="alert" style={{ color: "var(--danger)" }}>
          {error.message}
        </span>
      ) : null}
    </div>
  );
}
