import type { BundlePlan } from "@metabuild/contract";
import { type ChangeEvent, useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { useMe } from "../../../api/get-me.ts";
import { EmptyState } from "../../../components/status.tsx";
import { useCan } from "../../../permissions/can.ts";
import { useImportBundle } from "../api/import-bundle.ts";
import { PlanView } from "../components/plan-view.tsx";
import "../bundles.css";

/** The bundle being edited: its text and, when it came from a file, the file's name. */
interface Source {
  text: string;
  fileName?: string;
}

/**
 * Import a bundle (admins): paste or open a file, read the plan of a dry run,
 * then apply exactly that text (docs/bundles.md, "Over HTTP").
 */
export default function BundlesPage() {
  const me = useMe();
  const refusal = useCan().reason("bundle.import");
  const [source, setSource] = useState<Source>({ text: "" });
  const [plan, setPlan] = useState<{ of: Source; plan: BundlePlan } | undefined>();
  const run = useImportBundle();
  // Apply is offered only for the text whose plan is on screen.
  const planIsCurrent = plan !== undefined && !plan.plan.applied && plan.of === source;

  async function openFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setSource({ text: await file.text(), fileName: file.name });
    run.reset();
  }

  function submit(dryRun: boolean) {
    const of = source;
    run.mutate(
      { text: of.text, fileName: of.fileName, dryRun },
      { onSuccess: (result) => setPlan({ of, plan: result }) },
    );
  }

  if (me.data && refusal)
    return (
      <>
        <PageHeader title="Import a bundle" />
        <EmptyState title="Administrators only">{refusal}</EmptyState>
      </>
    );
  return (
    <>
      <PageHeader
        title="Import a bundle"
        description="Metadata as code: paste a bundle (YAML or JSON, the format of metabuild export) or open a file, read its plan, then apply it. Export a project's bundle from the Projects page."
      />
      <form
        className="bundle-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit(true);
        }}
      >
        <label className="field">
          <span>Open a bundle file</span>
          <input
            className="input"
            type="file"
            accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
            onChange={openFile}
          />
        </label>
        <label className="field">
          <span>Bundle (YAML or JSON){source.fileName ? ` from ${source.fileName}` : ""}</span>
          <textarea
            className="input bundle-text"
            spellCheck={false}
            rows={16}
            value={source.text}
            onChange={(e) => setSource({ text: e.target.value })}
            placeholder={"version: 1\ncustomer: …\nprojects: …"}
          />
        </label>
        {run.error ? (
          <p className="form-error" role="alert">
            {run.error.message}
          </p>
        ) : null}
        <div className="bundle-actions">
          <button
            type="submit"
            className="button"
            disabled={run.isPending || source.text.trim() === ""}
          >
            Show plan
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={run.isPending || !planIsCurrent}
            title={planIsCurrent ? undefined : "Show the plan of this text first"}
            onClick={() => submit(false)}
          >
            Apply
          </button>
          {run.isPending ? <span className="muted">Working…</span> : null}
        </div>
      </form>
      {plan ? (
        <section aria-label="Plan">
          <PlanView plan={plan.plan} />
        </section>
      ) : null}
    </>
  );
}
