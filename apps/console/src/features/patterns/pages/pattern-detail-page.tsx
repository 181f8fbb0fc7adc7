import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useCan } from "../../../permissions/can.ts";
import { useReleaseGroups } from "../../../api/get-releases.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { MissingGrant } from "../../../components/permitted-button.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { usePattern } from "../api/get-pattern.ts";
import {
  DeploymentsPanel,
  PropertiesPanel,
  RolesPanel,
  VariablesPanel,
} from "../components/pattern-parts.tsx";
import { PatternState } from "../components/pattern-state.tsx";
import { TemplatesPanel } from "../components/templates-panel.tsx";
import { VersionsPanel } from "../components/versions-panel.tsx";
import { paths } from "../../../app/paths.ts";

const TABS = [
  { id: "properties", label: "Properties" },
  { id: "roles", label: "Functional roles" },
  { id: "variables", label: "Variables" },
  { id: "templates", label: "Templates" },
  { id: "deployments", label: "Deployments" },
  { id: "versions", label: "Versions" },
];

const PANELS: Record<string, (p: { patternId: number }) => ReactNode> = {
  properties: PropertiesPanel,
  roles: RolesPanel,
  variables: VariablesPanel,
  templates: TemplatesPanel,
  deployments: DeploymentsPanel,
  versions: VersionsPanel,
};

export default function PatternDetailPage() {
  const raw = useParams().patternId;
  const id = Number(raw);
  const [params, setParams] = useSearchParams();
  const tab = PANELS[params.get("tab") ?? ""] ? (params.get("tab") as string) : "properties";
  const pattern = usePattern(id);
  const groups = useReleaseGroups();
  // Authoring needs `develop_patterns` (docs/identity.md); others read.
  const developer = useCan().may("pattern.author");
  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a pattern id`)} />;
  const Panel = PANELS[tab];

  return (
    <QueryView query={pattern} loadingLabel="Loading pattern…">
      {(p) => (
        <>
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to={paths.patterns()}>Patterns</Link> <span aria-hidden="true">/</span> {p.name}
          </nav>
          <PageHeader
            title={p.name}
            description={p.description ?? undefined}
            actions={
              developer ? (
                <Link className="button" to={paths.editPattern(p.id, "tab=templates")}>
                  Edit pattern
                </Link>
              ) : (
                <MissingGrant action="pattern.author" what="Editing patterns" />
              )
            }
          />
          <dl className="facts">
            <div>
              <dt>Type</dt>
              <dd>{p.type}</dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{p.vers_no}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{p.status}</dd>
            </div>
            <div>
              <dt>Release group</dt>
              <dd>
                {p.release_group_id === null
                  ? "none"
                  : (groups.data?.find((g) => g.id === p.release_group_id)?.name ??
                    p.release_group_id)}
              </dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>
                <PatternState pattern={p} />
              </dd>
            </div>
          </dl>
          <Tabs
            label="Pattern parts"
            tabs={TABS}
            selected={tab}
            onSelect={(t) => setParams({ tab: t }, { replace: true })}
          >
            <Panel patternId={p.id} />
          </Tabs>
        </>
      )}
    </QueryView>
  );
}
