import type { Script } from "@metabuild/contract";
import { scriptPathOf } from "../script-tree.ts";

/** Which script the SQL editor holds, its version, and whether it has unsaved changes. */
export function OpenScriptBar({
  script,
  dirty,
  onClose,
}: {
  script: Script;
  dirty: boolean;
  onClose: () => void;
}) {
  return (
    <div className="sql-script-bar" role="status" aria-label="Open script">
      <strong>{scriptPathOf(script.folder, script.name)}</strong>
      <span className="muted">
        version {script.vers_no}
        {script.updated_by ? `, saved by ${script.updated_by}` : ""}
      </span>
      {dirty ? <span className="sql-script-dirty">Unsaved changes</span> : null}
      <button type="button" className="button button-small" onClick={onClose}>
        Close script
      </button>
    </div>
  );
}
