/**
 * Under the instance facts: why the editor is read-only, and the status line
 * (the last action's notice, else whether rows are unsaved and whether a newer
 * version was saved meanwhile, which saving will merge).
 */
export function EditorStatus(props: {
  reason: string | null;
  reasonId: string;
  notice: string | undefined;
  dirty: boolean;
  draftVersion: number;
  version: number;
}) {
  const { reason, notice, dirty, draftVersion, version } = props;
  const unsaved =
    version > draftVersion
      ? `Unsaved changes on version ${draftVersion}; version ${version} was saved meanwhile: saving merges them`
      : "Unsaved changes";
  return (
    <>
      {reason ? (
        <p className="editor-notice" id={props.reasonId}>
          <strong>Read-only:</strong> {reason}
        </p>
      ) : null}
      <p className="editor-status" role="status" aria-live="polite">
        {notice ?? (dirty ? unsaved : "")}
      </p>
    </>
  );
}
