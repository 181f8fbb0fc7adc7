import type { Pattern } from "@metabuild/contract";
import { type FormEvent, useId, useState } from "react";
import { ErrorState } from "../../../components/status.tsx";
import { useBuildFolders } from "../api/get-folders.ts";
import { useStartBuild } from "../api/start-build.ts";
import { WILDCARD_FLAGS, type WildcardFlag, buildRequest } from "../build-request.ts";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { SelectField } from "../../../components/select-field.tsx";

/** The pattern choice that builds every pattern of the project (one wildcard each). */
const EVERY_PATTERN = "*";
/** The pattern choice that builds the patterns ticked below it (one wildcard each). */
const CHOSEN_PATTERNS = "chosen";

/**
 * Starts a build: of the instances selected on the instances page (ids from
 * the URL), or of every instance of one pattern under a folder (wildcard),
 * with optional labels, releases and a description.
 */
export function StartBuildDialog({
  projectId,
  instanceIds,
  patterns,
  initialFolder,
  initialSubfolders = false,
  onClose,
  onStarted,
}: {
  projectId: number;
  instanceIds: number[];
  /** From the instances page's "Build this folder" (`?folder=&subfolders=1`): every pattern there. */
  initialFolder?: string;
  initialSubfolders?: boolean;
  patterns: Pattern[];
  onClose: () => void;
  onStarted: (buildId: number, warnings: string[]) => void;
}) {
  const { ref, close } = useModalDialog();
  const titleId = useId();
  const folderHint = useId();
  const folderList = useId();
  const start = useStartBuild();
  const [pattern, setPattern] = useState(initialFolder ? EVERY_PATTERN : "");
  const [chosen, setChosen] = useState<string[]>([]);
  const [folder, setFolder] = useState(initialFolder ?? "/");
  const [subfolders, setSubfolders] = useState(initialSubfolders);
  const [labels, setLabels] = useState("");
  const [releases, setReleases] = useState("");
  const [description, setDescription] = useState("");
  const [flags, setFlags] = useState<Partial<Record<WildcardFlag, boolean>>>({});
  const [deletedRestored, setDeletedRestored] = useState(false);
  const [upstream, setUpstream] = useState(false);
  const [downstream, setDownstream] = useState(false);
  const bySelection = instanceIds.length > 0;
  const folders = useBuildFolders(projectId, !bySelection);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = buildRequest({
      projectId,
      instanceIds,
      pattern: pattern || patterns[0]?.name || "",
      allPatterns:
        pattern === EVERY_PATTERN
          ? patterns.map((p) => p.name)
          : pattern === CHOSEN_PATTERNS
            ? // In the project's order, whatever order they were ticked in.
              patterns.map((p) => p.name).filter((name) => chosen.includes(name))
            : undefined,
      folder,
      subfolders,
      labels,
      releases,
      description,
      flags,
      deletedRestored,
      upstream,
      downstream,
    });
    start.mutate(body, { onSuccess: (res) => onStarted(res.build.id, res.warnings) });
  }

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} className="dialog-form">
        <h2 id={titleId}>Start a build</h2>
        {bySelection ? (
          <p>
            {instanceIds.length} selected {instanceIds.length === 1 ? "instance" : "instances"}
          </p>
        ) : (
          <>
            <SelectField
              label="Pattern"
              value={pattern}
              onChange={setPattern}
              choices={[
                ...patterns.map((p) => ({ value: p.name, label: p.name })),
                { value: EVERY_PATTERN, label: "Every pattern" },
                { value: CHOSEN_PATTERNS, label: "Chosen patterns…" },
              ]}
            />
            {pattern === CHOSEN_PATTERNS ? (
              <fieldset className="dialog-filters">
                <legend>Build only these</legend>
                {patterns.map((p) => (
                  <label key={p.id} className="check">
                    <input
                      type="checkbox"
                      checked={chosen.includes(p.name)}
                      onChange={(e) =>
                        setChosen((now) =>
                          e.target.checked
                            ? [...now, p.name]
                            : now.filter((name) => name !== p.name),
                        )
                      }
                    />
                    {p.name}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <label className="field">
              <span>Folder</span>
              <input
                value={folder}
                list={folderList}
                aria-describedby={folderHint}
                onChange={(e) => setFolder(e.target.value)}
              />
              <datalist id={folderList}>
                {(folders.data ?? []).map((path) => (
                  <option key={path} value={path} />
                ))}
              </datalist>
              <small id={folderHint} className="muted">
                {subfolders
                  ? "Instances in this folder and all its subfolders."
                  : "Instances directly in this folder, not in its subfolders."}
              </small>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={subfolders}
                onChange={(e) => setSubfolders(e.target.checked)}
              />
              And everything below it
            </label>
            <label className="field">
              <span>Labels (comma-separated)</span>
              <input value={labels} onChange={(e) => setLabels(e.target.value)} />
            </label>
            <fieldset className="dialog-filters">
              <legend>Only instances that are</legend>
              {(Object.keys(WILDCARD_FLAGS) as WildcardFlag[]).map((flag) => (
                <label key={flag} className="field field-inline">
                  <span>{WILDCARD_FLAGS[flag]}</span>
                  <select
                    value={flags[flag] === undefined ? "" : String(flags[flag])}
                    onChange={(e) => {
                      const next = { ...flags };
                      if (e.target.value === "") delete next[flag];
                      else next[flag] = e.target.value === "true";
                      setFlags(next);
                    }}
                  >
                    <option value="">Any</option>
                    <option value="true">Yes</option>
                    <option value="false">No</option>
                  </select>
                </label>
              ))}
              <label className="check">
                <input
                  type="checkbox"
                  checked={deletedRestored}
                  onChange={(e) => setDeletedRestored(e.target.checked)}
                />
                Deleted (restored before the build)
              </label>
            </fieldset>
            <p className="muted">Invalid and build-disabled instances are never built.</p>
          </>
        )}
        <fieldset className="dialog-filters">
          <legend>Through the lineage graph</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={upstream}
              onChange={(e) => setUpstream(e.target.checked)}
            />
            With upstream (what they read)
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={downstream}
              onChange={(e) => setDownstream(e.target.checked)}
            />
            With downstream (what reads them)
          </label>
        </fieldset>
        <label className="field">
          <span>Releases (group=release, comma-separated)</span>
          <input value={releases} onChange={(e) => setReleases(e.target.value)} />
        </label>
        <label className="field">
          <span>Description</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        {start.isError ? <ErrorState error={start.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={start.isPending || (pattern === CHOSEN_PATTERNS && chosen.length === 0)}
            title={
              pattern === CHOSEN_PATTERNS && chosen.length === 0
                ? "Tick at least one pattern to build"
                : undefined
            }
          >
            {start.isPending ? "Starting…" : "Start build"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
