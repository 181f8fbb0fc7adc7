import type { Pattern } from "@metabuild/contract";
// The zod-free module: importing the contract's index would bundle zod, whose
// JIT probe (`Function("")`) the Content-Security-Policy reports (docs/http-edge.md).
import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract/limits";
import { type ReactNode, useState } from "react";
import type { ReleaseGroupWithReleases } from "../../../api/get-releases.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { type UploadRequest, useUploadInstances } from "../api/upload-instances.ts";
import { useUploadSheets } from "../use-upload-sheets.ts";
import { UploadResultView } from "./upload-result.tsx";
import { UploadSheets } from "./upload-sheets.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { SelectField } from "../../../components/select-field.tsx";

// Permission: instances.upload (docs/console-permissions.md):
// only its control, disabled for others, opens it.

const XLSX_TYPES = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Uploads an .xlsx workbook into the project with every option of
 * The `/v1/instances` upload in two steps: Preview (a dry run) shows what would
 * happen to each instance, Apply uploads that same request for real and
 * shows what did. Changing the file or an option drops the preview. The
 * folder starts empty (the FOLDER column decides): taking the tree's folder
 * silently put copies of instances in the wrong folder (docs/spreadsheets.md).
 */
export function UploadDialog({
  projectId,
  patterns,
  releaseGroups,
  onClose,
  onUploaded,
}: {
  projectId: number;
  patterns: Pattern[];
  releaseGroups: ReleaseGroupWithReleases[];
  onClose: () => void;
  /** After a successful upload (the instance list should reload). */
  onUploaded: () => void;
}) {
  const modal = useModalDialog();
  const preview = useUploadInstances();
  const upload = useUploadInstances();
  /** The request the preview shows; Apply sends exactly this. */
  const [previewed, setPreviewed] = useState<UploadRequest>();
  const [pattern, setPattern] = useState("");
  const [folder, setFolder] = useState("");
  const [release, setRelease] = useState("");
  const [overwrite, setOverwrite] = useState(false);

  /** The shown preview or result no longer says what this form would do. */
  function forget() {
    preview.reset();
    upload.reset();
    setPreviewed(undefined);
  }
  /** A field setter that drops the preview first. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      forget();
      set(value);
    };

  const sheets = useUploadSheets(forget);
  const { file, noSheet } = sheets;

  function submit() {
    if (!file || noSheet) return;
    const request: UploadRequest = {
      projectId,
      file,
      pattern: pattern || undefined,
      folder: folder || undefined,
      release: release || undefined,
      overwrite,
      sheets: sheets.sheetsToSend(),
    };
    upload.reset();
    setPreviewed(request);
    preview.mutate({ ...request, dryRun: true });
  }

  function apply() {
    if (previewed) upload.mutate(previewed, { onSuccess: onUploaded });
  }

  const active = upload.isPending ? upload : preview;
  const sending = active.isPending && active.progress !== undefined && active.progress < 1;

  let after: ReactNode = null;
  if (upload.isSuccess) after = <UploadResultView result={upload.data} projectId={projectId} />;
  else if (preview.isSuccess && previewed)
    after = (
      <UploadResultView
        plan
        result={preview.data}
        projectId={projectId}
        actions={
          <p className="upload-apply">
            <button
              type="button"
              className="button button-primary"
              onClick={apply}
              disabled={upload.isPending}
              aria-busy={upload.isPending}
            >
              {upload.isPending ? "Applying…" : "Apply"}
            </button>
          </p>
        }
      />
    );

  return (
    <FormDialog
      modal={modal}
      title="Upload workbook"
      className="upload-dialog"
      onClose={onClose}
      onSubmit={submit}
      error={upload.error ?? preview.error}
      cancelLabel="Close"
      submit={{
        label: "Preview",
        busyLabel: "Previewing…",
        busy: preview.isPending,
        disabled: !file || noSheet || upload.isPending,
      }}
      after={after}
    >
      <p className="muted upload-intro">
        One line per metadata row with INSTANCE, PATTERN, FOLDER, POS_NO and the pattern's columns;
        an export has this layout. Fields set here apply to every row.
      </p>
      <label className="field">
        <span>Workbook (.xlsx)</span>
        <input
          type="file"
          accept={XLSX_TYPES}
          required
          onChange={(e) => sheets.chooseFile(e.target.files?.[0])}
        />
      </label>
      <UploadSheets sheets={sheets} />
      <div className="upload-options">
        <SelectField
          label="Pattern"
          value={pattern}
          onChange={edit(setPattern)}
          empty="From the PATTERN column"
          choices={patterns.map((p) => ({ value: p.name, label: p.name }))}
        />
        <label className="field">
          <span>Folder</span>
          <input
            value={folder}
            placeholder="From the FOLDER column"
            maxLength={DEFAULT_WRITE_LIMITS.pathLength}
            onChange={(e) => edit(setFolder)(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Release</span>
          <select value={release} onChange={(e) => edit(setRelease)(e.target.value)}>
            <option value="">None given</option>
            {releaseGroups.map((g) => (
              <optgroup key={g.id} label={g.name}>
                {g.releases.map((r) => (
                  <option key={r.id} value={r.name}>
                    {r.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={overwrite}
          onChange={(e) => edit(setOverwrite)(e.target.checked)}
        />
        Overwrite existing instances
      </label>
      {active.isPending ? (
        <UploadProgress sent={sending ? active.progress : undefined} importing={upload.isPending} />
      ) : null}
    </FormDialog>
  );
}

/** While a preview or an upload runs: the bytes sent, then what the server does. */
function UploadProgress({ sent, importing }: { sent: number | undefined; importing: boolean }) {
  return (
    <div className="upload-progress">
      <progress aria-label="Upload progress" max={1} value={sent} />
      <span role="status">
        {sent !== undefined
          ? `Sending ${Math.round(sent * 100)} %…`
          : importing
            ? "Importing the instances…"
            : "Reading the workbook…"}
      </span>
    </div>
  );
}
