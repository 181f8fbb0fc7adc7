import type { PatternDefinitionInput, PatternSaveResult } from "@metabuild/contract";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useCan } from "../../../permissions/can.ts";
import { useMe } from "../../../api/get-me.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, ErrorState, QueryView } from "../../../components/status.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { usePatternAuthoring } from "../api/get-pattern-authoring.ts";
import { savePattern, useCreatePattern, useSavePattern } from "../api/save-pattern.ts";
import { ImpactDialog } from "../../lineage/components/impact-dialog.tsx";
import { affectsAnything } from "../../lineage/components/use-impact-first.tsx";
import { ConstraintsPanel } from "../components/constraints-panel.tsx";
import { GeneralPanel, ListPanel } from "../components/definition-panels.tsx";
import { TemplateWorkbench } from "../components/template-workbench.tsx";
import type { ContextShape } from "../liquid-context.ts";
import { paths } from "../../../app/paths.ts";

const TABS = [
  { id: "general", label: "General" },
  { id: "properties", label: "Properties" },
  { id: "roles", label: "Functional roles" },
  { id: "constraints", label: "Constraints" },
  { id: "variables", label: "Variables" },
  { id: "templates", label: "Templates" },
  { id: "deployments", label: "Deployments" },
  { id: "snippets", label: "Snippets" },
];

const EMPTY: PatternDefinitionInput = {
  name: "",
  type: "SQLITE",
  description: null,
  properties: [],
  functional_roles: [],
  variables: [],
  templates: [],
  deployments: [],
  snippets: [],
};

/** `/patterns/new` and `/patterns/:patternId/edit` (docs/patterns-authoring.md). */
export default function PatternEditPage() {
  const raw = useParams().patternId;
  const id = raw === undefined ? undefined : Number(raw);
  const authoring = usePatternAuthoring(id ?? 0, id !== undefined);
  // The server refuses the save without `develop_patterns`: say so before any editing.
  const me = useMe().data;
  const refusal = useCan().reason("pattern.author");
  if (me && refusal)
    return <EmptyState title="You may read patterns but not edit them">{refusal}</EmptyState>;
  if (id === undefined) return <PatternEditor patternId={undefined} initial={EMPTY} version={0} />;
  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a pattern id`)} />;
  return (
    <QueryView query={authoring} loadingLabel="Loading pattern…">
      {(a) => (
        <PatternEditor
          key={`${a.pattern.id}:${a.version}`}
          patternId={a.pattern.id}
          initial={a.definition}
          version={a.version}
        />
      )}
    </QueryView>
  );
}

function PatternEditor({
  patternId,
  initial,
  version,
}: {
  patternId: number | undefined;
  initial: PatternDefinitionInput;
  version: number;
}) {
  const [definition, setDefinition] = useState<PatternDefinitionInput>(initial);
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.id === params.get("tab"))
    ? (params.get("tab") as string)
    : "templates";
  const navigate = useNavigate();
  const save = useSavePattern(patternId ?? 0);
  const create = useCreatePattern();
  const [check, setCheck] = useState<PatternSaveResult | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const shape: ContextShape = useMemo(
    () => ({
      columns: (definition.properties ?? []).map((p) => p.name),
      roles: (definition.functional_roles ?? []).map((r) => r.name),
      variables: (definition.variables ?? []).map((v) => v.name),
      snippets: (definition.snippets ?? []).map((s) => s.name),
    }),
    [definition],
  );
  const change = (d: PatternDefinitionInput) => {
    setDefinition(d);
    setCheck(undefined);
  };

  /**
   * First the dry run: the instances the save would make invalid and what it
   * changes downstream (the impact dialog when anything, docs/lineage.md "Impact").
   */
  async function review() {
    setProblem(undefined);
    if (patternId === undefined) {
      // mutateAsync: its promise settles even if this editor has unmounted meanwhile.
      create
        .mutateAsync(definition)
        .then((a) => navigate(paths.editPattern(a.pattern.id, "tab=templates")))
        .catch((e: Error) => setProblem(e.message));
      return;
    }
    setChecking(true);
    try {
      setCheck(await savePattern(patternId, definition, version, true));
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setChecking(false);
    }
  }

  function confirm() {
    save
      .mutateAsync({ definition, baseVersion: version })
      .then(() => navigate(paths.pattern(String(patternId), "tab=templates")))
      .catch((e: Error) => setProblem(e.message));
  }

  const title = patternId === undefined ? "New pattern" : `Edit ${initial.name}`;
  return (
    <div className="pattern-edit-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={paths.patterns()}>Patterns</Link> <span aria-hidden="true">/</span>{" "}
        {patternId === undefined ? (
          "New"
        ) : (
          <Link to={paths.pattern(patternId)}>{initial.name}</Link>
        )}
      </nav>
      <PageHeader
        title={title}
        description={
          patternId === undefined
            ? "Name it, then add its parts; templates preview once it is saved."
            : `Version ${version}; saving makes version ${version + 1}.`
        }
        actions={
          <>
            {patternId !== undefined && (
              <Link className="button" to={paths.pattern(patternId)}>
                Cancel
              </Link>
            )}
            <button
              type="button"
              className="button button-primary"
              onClick={review}
              disabled={checking || create.isPending || definition.name.trim() === ""}
            >
              {patternId === undefined ? "Create pattern" : "Save…"}
            </button>
          </>
        }
      />
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {check?.impact && affectsAnything(check.impact) ? (
        <ImpactDialog
          subject={`pattern ${initial.name}`}
          impact={check.impact}
          onSave={confirm}
          onCancel={() => setCheck(undefined)}
        />
      ) : null}
      {check && !(check.impact && affectsAnything(check.impact)) && (
        <section className="save-check" aria-label="Before saving">
          <p>
            {check.invalid_instances === 0
              ? "No instance becomes invalid with this change"
              : `${check.invalid_instances} instance${check.invalid_instances === 1 ? "" : "s"} will become invalid`}{" "}
            ({check.invalid_total} invalid after the save).
          </p>
          <button
            type="button"
            className="button button-primary"
            onClick={confirm}
            disabled={save.isPending}
          >
            Save version {check.version}
          </button>{" "}
          <button type="button" className="button" onClick={() => setCheck(undefined)}>
            Keep editing
          </button>
        </section>
      )}
      <Tabs
        label="Pattern parts"
        tabs={TABS}
        selected={tab}
        onSelect={(t) => setParams({ tab: t }, { replace: true })}
      >
        {tab === "general" && <GeneralPanel definition={definition} onChange={change} />}
        {tab === "constraints" && <ConstraintsPanel definition={definition} onChange={change} />}
        {(tab === "properties" ||
          tab === "roles" ||
          tab === "variables" ||
          tab === "deployments") && (
          <ListPanel tab={tab} definition={definition} onChange={change} />
        )}
        {(tab === "templates" || tab === "snippets") && (
          <TemplateWorkbench
            patternId={patternId}
            kind={tab}
            templates={definition.templates ?? []}
            snippets={definition.snippets ?? []}
            shape={shape}
            onTemplates={(templates) => change({ ...definition, templates })}
            onSnippets={(snippets) => change({ ...definition, snippets })}
            onKind={(t) => setParams({ tab: t }, { replace: true })}
          />
        )}
      </Tabs>
    </div>
  );
}
