import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useDebounced } from "../../../components/use-debounced.ts";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { referenceCandidatesQueryOptions } from "../api/get-reference-candidates.ts";

/**
 * Picks what a reference cell names (docs/lineage.md): search the allowed
 * patterns' instances by name, choose one, and the cell takes its text.
 */
export function ReferencePickerDialog({
  instanceId,
  column,
  references,
  onPick,
  onClose,
}: {
  instanceId: number;
  column: string;
  references: readonly string[];
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const found = useQuery(referenceCandidatesQueryOptions(instanceId, column, q));
  const items = found.data?.items ?? [];

  return (
    <FormDialog
      modal={modal}
      title={`Pick a reference for ${column}`}
      onClose={onClose}
      onSubmit={() => modal.close()}
      submit={{ label: "Close", busyLabel: "Closing…", busy: false, disabled: false }}
    >
      <label className="field">
        <span>Name contains ({references.join(", ")})</span>
        <input
          type="search"
          value={search}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens to search.
          autoFocus
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {found.isError ? <p className="error">Could not search: {String(found.error)}</p> : null}
      <ul className="reference-candidates" aria-label="Instances to reference">
        {items.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onPick(c.text);
                modal.close();
              }}
            >
              {c.text}
            </button>
          </li>
        ))}
        {found.isSuccess && items.length === 0 ? <li className="muted">No match</li> : null}
      </ul>
    </FormDialog>
  );
}
