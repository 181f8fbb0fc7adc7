import type { Pattern } from "@metabuild/contract";
import { Link, useSearchParams } from "react-router";
import { useReleaseGroups } from "../../../api/get-releases.ts";
import { useCan } from "../../../permissions/can.ts";
import { usePatterns } from "../../../api/get-patterns.ts";
import { DataTable } from "../../../components/data-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { MissingGrant } from "../../../components/permitted-button.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { PatternState } from "../components/pattern-state.tsx";
import { paths } from "../../../app/paths.ts";

function matches(p: Pattern, text: string): boolean {
  const t = text.trim().toLowerCase();
  return !t || [p.name, p.type, p.description ?? ""].some((v) => v.toLowerCase().includes(t));
}

export default function PatternsPage() {
  const patterns = usePatterns();
  const groups = useReleaseGroups();
  const [params, setParams] = useSearchParams();
  // Authoring needs `develop_patterns` (admins hold it): docs/identity.md.
  const developer = useCan().may("pattern.author");
  const search = params.get("q") ?? "";
  const groupName = (id: number | null) =>
    id === null ? "—" : (groups.data?.find((g) => g.id === id)?.name ?? String(id));

  return (
    <>
      <PageHeader
        title="Patterns"
        description="What each pattern generates: its properties, roles, variables, templates and deployments."
        actions={
          <>
            {developer ? (
              <Link className="button button-primary" to={paths.newPattern()}>
                New pattern
              </Link>
            ) : (
              <MissingGrant action="pattern.author" what="Creating patterns" />
            )}
            <label className="field field-inline">
              <span>Search patterns</span>
              <input
                type="search"
                value={search}
                placeholder="Name, type or description"
                onChange={(e) =>
                  setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })
                }
              />
            </label>
          </>
        }
      />
      <QueryView query={patterns} loadingLabel="Loading patterns…">
        {(list) => {
          const shown = list.filter((p) => matches(p, search));
          if (list.length === 0)
            return (
              <EmptyState title="No patterns yet">
                Patterns come in with a bundle: <code>pnpm metabuild import FILE</code>.
              </EmptyState>
            );
          if (shown.length === 0) return <EmptyState title={`No pattern matches “${search}”.`} />;
          return (
            <DataTable
              caption="Patterns"
              rows={shown}
              rowKey={(p) => p.id}
              columns={[
                { header: "Name", cell: (p) => <Link to={paths.pattern(p.id)}>{p.name}</Link> },
                { header: "Type", cell: (p) => p.type },
                { header: "Version", cell: (p) => p.vers_no },
                { header: "Status", cell: (p) => p.status },
                { header: "Release group", cell: (p) => groupName(p.release_group_id) },
                { header: "State", cell: (p) => <PatternState pattern={p} /> },
                { header: "Description", cell: (p) => p.description ?? "" },
              ]}
            />
          );
        }}
      </QueryView>
    </>
  );
}
