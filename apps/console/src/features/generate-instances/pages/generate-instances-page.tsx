import type { MetadataRunResult, MetadataSchemaTable } from "@metabuild/contract";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { SelectField } from "../../../components/select-field.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { useCan } from "../../../permissions/can.ts";
import { useMetaSchema } from "../api/get-meta-schema.ts";
import { type PlanOutcome, usePlanGenerate } from "../api/plan-generate.ts";
import { useApplyGenerate } from "../api/run-generate.ts";
import type { GenerateSource } from "../generate-statement.ts";
import { paths } from "../../../app/paths.ts";

/** How the plan names what the INSERT would do to an instance. */
const VERB: Record<string, string> = { INSERTED: "create", UPDATED: "change", UNCHANGED: "leave" };

type Row = {
  instance_id: number | null;
  "@FOLDER": string;
  "@INSTANCE": string;
  status: string;
  rows?: number;
};

function instancePath(r: Row): string {
  return `${r["@FOLDER"] === "/" ? "" : r["@FOLDER"]}/${r["@INSTANCE"]}`;
}

/**
 * The guided flow of issue 15 item 4 (docs/metadata-sql.md "Generating
 * instances"): pick a pattern and a view or SELECT, see the dry run's plan,
 * then Apply the same INSERT and follow the links to the instances.
 */
export default function GenerateInstancesPage() {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const schema = useMetaSchema(projectId);
  const plan = usePlanGenerate(projectId);
  const apply = useApplyGenerate(projectId);
  // Even the plan is a dry-run INSERT, which the server checks like a write.
  const refusal = useCan(projectId).reason("metadata.generate");
  const [pattern, setPattern] = useState("");
  const [kind, setKind] = useState<GenerateSource["kind"]>("view");
  const [view, setView] = useState("");
  const [select, setSelect] = useState("");

  if (schema.isPending) return <Loading label="Loading patterns and views…" />;
  if (schema.isError) return <ErrorState error={schema.error} onRetry={() => schema.refetch()} />;
  const tables = schema.data.tables;
  const patterns = tables.filter((t) => t.schema === "@INSTANCES");
  const views = tables.filter((t) => t.schema === "@TABLES" && t.type === "VIEW");
  const target = patterns.find((t) => t.name === pattern);
  const source: GenerateSource = kind === "view" ? { kind, view } : { kind, select };
  const ready = target !== undefined && (kind === "view" ? view !== "" : select.trim() !== "");

  // Any change of the inputs makes the plan shown stale.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      plan.reset();
      apply.reset();
    };

  return (
    <div className="generate-page">
      <PageHeader
        title="Generate instances"
        description={
          <>
            Rows of a view or a SELECT become instances of a pattern: one per <code>@FOLDER</code>{" "}
            and <code>@INSTANCE</code>. See the plan first; nothing is written until you apply it.
          </>
        }
        actions={
          <Link className="button" to={paths.sql(projectId)}>
            SQL editor
          </Link>
        }
      />
      <form
        className="generate-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!target || !ready || refusal) return;
          apply.reset();
          plan.mutate({ pattern: target.name, patternColumns: columnsOf(target), source });
        }}
      >
        <SelectField
          label="Pattern"
          value={pattern}
          onChange={changed(setPattern)}
          choices={patterns.map((p) => ({ value: p.name, label: p.name }))}
          empty="Choose a pattern"
          required
        />
        <fieldset className="generate-source">
          <legend>Rows from</legend>
          <label className="generate-choice">
            <input
              type="radio"
              name="source"
              checked={kind === "view"}
              onChange={() => changed(setKind)("view")}
            />
            A view
          </label>
          <label className="generate-choice">
            <input
              type="radio"
              name="source"
              checked={kind === "select"}
              onChange={() => changed(setKind)("select")}
            />
            A SELECT
          </label>
          {kind === "view" ? (
            <SelectField
              label="View"
              value={view}
              onChange={changed(setView)}
              choices={views.map((v) => ({ value: v.name, label: v.name }))}
              empty={views.length ? "Choose a view" : "No views yet: create one in the SQL editor"}
              required
            />
          ) : (
            <label className="field">
              <span>SELECT</span>
              <textarea
                rows={6}
                value={select}
                spellCheck={false}
                onChange={(e) => changed(setSelect)(e.target.value)}
                placeholder={`SELECT '/staging' AS "@FOLDER", TABLE_NAME AS "@INSTANCE", … FROM @TABLES.…`}
              />
            </label>
          )}
        </fieldset>
        {target ? (
          <p className="generate-columns">
            Columns the rows should have: <code>@FOLDER</code>, <code>@INSTANCE</code>
            {columnsOf(target).map((c) => (
              <span key={c}>
                , <code>{c}</code>
              </span>
            ))}
          </p>
        ) : null}
        <div className="generate-actions">
          <PermittedButton
            type="submit"
            className="button"
            reason={refusal}
            disabled={!ready || plan.isPending}
          >
            {plan.isPending ? "Planning…" : "Show plan"}
          </PermittedButton>
        </div>
      </form>
      {plan.isError ? <ErrorState error={plan.error} /> : null}
      {plan.data ? (
        <PlanView
          outcome={plan.data}
          applying={apply.isPending}
          applied={apply.data !== undefined}
          onApply={() => plan.data?.columns?.statement && apply.mutate(plan.data.columns.statement)}
        />
      ) : null}
      {apply.isError ? <ErrorState error={apply.error} /> : null}
      {apply.data ? <AppliedView projectId={projectId} result={apply.data} /> : null}
    </div>
  );
}

function columnsOf(t: MetadataSchemaTable): string[] {
  return t.columns.filter((c) => c.kind !== "system").map((c) => c.name);
}

function PlanView({
  outcome,
  applying,
  applied,
  onApply,
}: {
  outcome: PlanOutcome;
  applying: boolean;
  applied: boolean;
  onApply: () => void;
}) {
  const { result, columns } = outcome;
  const error = outcome.error ?? (result?.status === "ERROR" ? result.error : undefined);
  const totals = result?.plan;
  return (
    <section className="generate-plan" aria-label="Plan">
      <h2>Plan</h2>
      {columns ? (
        <ul className="generate-column-match">
          <li>Filled: {columns.used.join(", ") || "nothing"}</li>
          {columns.missing.length ? <li>Left empty: {columns.missing.join(", ")}</li> : null}
          {columns.ignored.length ? (
            <li>Not in the pattern: {columns.ignored.join(", ")}</li>
          ) : null}
        </ul>
      ) : null}
      {error ? (
        <p className="sql-error-panel" role="alert">
          {error}
        </p>
      ) : null}
      {totals && result ? (
        <>
          <p className="generate-totals" role="status">
            {totals.create} to create · {totals.change} to change · {totals.leave} to leave ·{" "}
            {totals.rows} rows
          </p>
          <button
            type="button"
            className="button button-primary"
            onClick={onApply}
            disabled={applying || applied || totals.create + totals.change === 0}
          >
            {applying ? "Applying…" : "Apply"}
          </button>
          <table className="data-table generate-plan-table">
            <thead>
              <tr>
                <th scope="col">Instance</th>
                <th scope="col">Plan</th>
                <th scope="col">Rows</th>
              </tr>
            </thead>
            <tbody>
              {(result.rows as Row[]).map((r) => (
                <tr key={instancePath(r)}>
                  <td>{instancePath(r)}</td>
                  <td>{VERB[r.status] ?? r.status}</td>
                  <td>{r.rows}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <details>
            <summary>Statement</summary>
            <pre className="generate-statement">{columns?.statement}</pre>
          </details>
        </>
      ) : null}
    </section>
  );
}

function AppliedView({ projectId, result }: { projectId: number; result: MetadataRunResult }) {
  if (result.status === "ERROR")
    return (
      <p className="sql-error-panel" role="alert">
        {result.error}
      </p>
    );
  const rows = result.rows as Row[];
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  return (
    <section className="generate-applied" aria-label="Applied">
      <h2>Applied</h2>
      <p role="status">
        {count("INSERTED")} created · {count("UPDATED")} changed · {count("UNCHANGED")} left as they
        were
      </p>
      <ul>
        {rows.map((r) => (
          <li key={instancePath(r)}>
            <Link to={paths.instance(projectId, String(r.instance_id))}>{instancePath(r)}</Link>
          </li>
        ))}
      </ul>
      <Link to={paths.instances(projectId)}>All instances of the project</Link>
    </section>
  );
}
