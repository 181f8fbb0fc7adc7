import type { Label, Pattern } from "@metabuild/contract";
import { type FormEvent, useEffect, useState } from "react";
import type { ReleaseGroupWithReleases } from "../../../api/get-releases.ts";
import { Popover } from "../../../components/popover.tsx";
import { type FlagFilter, type InstanceSearch, isFiltered } from "../instance-search.ts";

/** A yes/no filter that may be off ("any"); `no: null` where "no" is what "any" shows anyway. */
function TriState({
  label,
  value,
  onChange,
  yes = "Yes",
  no = "No",
  any = "Any",
}: {
  label: string;
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
  yes?: string;
  no?: string | null;
  any?: string;
}) {
  const shown = value === undefined || (value === false && no === null) ? "" : String(value);
  return (
    <label className="field field-compact">
      <span>{label}</span>
      <select
        value={shown}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value === "true")}
      >
        <option value="">{any}</option>
        <option value="true">{yes}</option>
        {no === null ? null : <option value="false">{no}</option>}
      </select>
    </label>
  );
}

const FLAG_LABELS: Partial<Record<FlagFilter, string>> = {
  upload_disabled: "Upload disabled",
  insert_disabled: "Insert disabled",
  build_disabled: "Build disabled",
  edit_disabled: "Edit disabled",
};

/** The name filter applies on Enter or when the field is left, not per keystroke. */
function NameFilter({ value, onApply }: { value?: string; onApply: (v?: string) => void }) {
  const [draft, setDraft] = useState(value ?? "");
  useEffect(() => setDraft(value ?? ""), [value]);
  const apply = () => {
    if ((draft.trim() || undefined) !== value) onApply(draft.trim() || undefined);
  };
  return (
    <form
      className="field field-compact"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        apply();
      }}
    >
      <label htmlFor="instance-name-filter">Instance name</label>
      <input
        id="instance-name-filter"
        type="search"
        value={draft}
        placeholder="Exact name"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
      />
    </form>
  );
}

export function InstanceFilters({
  search,
  onChange,
  patterns,
  labels,
  releaseGroups,
}: {
  search: InstanceSearch;
  onChange: (next: InstanceSearch) => void;
  patterns: Pattern[];
  labels: Label[];
  releaseGroups: ReleaseGroupWithReleases[];
}) {
  const set = (patch: Partial<InstanceSearch>) => onChange({ ...search, ...patch });
  const setFlag = (flag: FlagFilter, v: boolean | undefined) => {
    const flags = { ...search.flags };
    if (v === undefined) delete flags[flag];
    else flags[flag] = v;
    set({ flags });
  };
  const setRelease = (group: string, release: string) => {
    const releases = { ...search.releases };
    if (release) releases[group] = release;
    else delete releases[group];
    set({ releases });
  };
  const toggleLabel = (name: string, on: boolean) =>
    set({ labels: on ? [...search.labels, name] : search.labels.filter((l) => l !== name) });
  const flagCount = Object.keys(FLAG_LABELS).filter(
    (f) => search.flags[f as FlagFilter] !== undefined,
  ).length;

  return (
    <div className="filters" role="toolbar" aria-label="Instance filters">
      <label className="field field-compact">
        <span>Pattern</span>
        <select
          value={search.pattern ?? ""}
          onChange={(e) => set({ pattern: e.target.value || undefined })}
        >
          <option value="">All patterns</option>
          {patterns.map((p) => (
            <option key={p.id} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <NameFilter value={search.name} onApply={(name) => set({ name })} />
      <Popover
        label="Labels"
        summary={search.labels.length ? ` (${search.labels.length})` : undefined}
      >
        {labels.length === 0 ? (
          <p className="muted">This project has no labels.</p>
        ) : (
          labels.map((l) => (
            <label key={l.id} className="check">
              <input
                type="checkbox"
                checked={search.labels.includes(l.name)}
                onChange={(e) => toggleLabel(l.name, e.target.checked)}
              />
              {l.name}
            </label>
          ))
        )}
      </Popover>
      <Popover
        label="Releases"
        summary={
          Object.keys(search.releases).length
            ? ` (${Object.keys(search.releases).length})`
            : undefined
        }
      >
        {releaseGroups.length === 0 ? (
          <p className="muted">There are no release groups.</p>
        ) : (
          releaseGroups.map((g) => (
            <label key={g.id} className="field field-compact">
              <span>Release of {g.name}</span>
              <select
                value={search.releases[g.name] ?? ""}
                onChange={(e) => setRelease(g.name, e.target.value)}
              >
                <option value="">Any release</option>
                {g.releases.map((r) => (
                  <option key={r.id} value={r.name}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          ))
        )}
      </Popover>
      <TriState
        label="Validation"
        value={search.flags.invalid}
        onChange={(v) => setFlag("invalid", v)}
        yes="Invalid only"
        no="Valid only"
      />
      <TriState
        label="Checkout"
        value={search.flags.checked_out}
        onChange={(v) => setFlag("checked_out", v)}
        yes="Checked out"
        no="Checked in"
      />
      <TriState
        label="Deleted"
        value={search.flags.deleted}
        onChange={(v) => setFlag("deleted", v)}
        any="Hide deleted"
        yes="Deleted only"
        no={null}
      />
      <Popover label="Flags" summary={flagCount ? ` (${flagCount})` : undefined}>
        {(Object.keys(FLAG_LABELS) as FlagFilter[]).map((f) => (
          <TriState
            key={f}
            label={FLAG_LABELS[f] as string}
            value={search.flags[f]}
            onChange={(v) => setFlag(f, v)}
          />
        ))}
      </Popover>
      {isFiltered(search) ? (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => onChange({ labels: [], releases: {}, flags: {}, sort: search.sort })}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
