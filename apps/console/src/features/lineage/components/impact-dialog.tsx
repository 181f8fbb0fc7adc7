import type { LineageImpact } from "@metabuild/contract";
import { useId } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";

const SHOWN = 20;
const path = (i: { folder: string; name: string }) =>
  `${i.folder === "/" ? "" : i.folder}/${i.name}`;

/**
 * What a save would change downstream (docs/lineage.md "Impact"), shown
 * before it is made: the instances whose files change, a sample diff, the
 * deployments a redeploy would run. Save goes on; Cancel or Escape keeps
 * everything as it is.
 */
export function ImpactDialog({
  subject,
  impact,
  onSave,
  onCancel,
}: {
  subject: string;
  impact: LineageImpact;
  onSave: () => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog ref={dialog.ref} className="dialog" aria-labelledby={titleId} onClose={onCancel}>
      <h2 id={titleId}>Impact of changing {subject}</h2>
      <p>
        {impact.changed.length}{" "}
        {impact.changed.length === 1 ? "instance renders" : "instances render"} differently
        {impact.invalid.length > 0 ? `, ${impact.invalid.length} become invalid` : ""}.
      </p>
      <ul aria-label="Instances whose files change">
        {impact.changed.slice(0, SHOWN).map((c) => (
          <li key={c.id}>
            {c.pattern} {path(c)} ({c.files} {c.files === 1 ? "file" : "files"})
          </li>
        ))}
        {impact.changed.length > SHOWN ? <li>… and {impact.changed.length - SHOWN} more</li> : null}
      </ul>
      {impact.invalid.length > 0 ? (
        <ul aria-label="Instances that become invalid">
          {impact.invalid.slice(0, SHOWN).map((c) => (
            <li key={c.id}>
              {c.pattern} {path(c)} becomes invalid
            </li>
          ))}
          {impact.invalid.length > SHOWN ? (
            <li>… and {impact.invalid.length - SHOWN} more</li>
          ) : null}
        </ul>
      ) : null}
      {impact.deployments.length > 0 ? (
        <p>
          Deployments affected: {impact.deployments.map((d) => `${d.pattern} ${d.name}`).join(", ")}
        </p>
      ) : null}
      {impact.sample ? (
        <figure>
          <figcaption>Sample: {impact.sample.path}</figcaption>
          <pre style={{ maxHeight: "16rem", overflow: "auto" }}>
            {impact.sample.diff ?? "The change is too large to show."}
          </pre>
        </figure>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={dialog.close}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={onSave}>
          Save anyway
        </button>
      </div>
    </dialog>
  );
}
