import type { Project } from "@metabuild/contract";
import { Link } from "react-router";
import { useExportBundle } from "../../../api/export-bundle.ts";
import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useProjects } from "../api/get-projects.ts";

function ProjectStatus({ project }: { project: Project }) {
  if (project.deleted) return <Badge tone="danger">deleted</Badge>;
  if (project.disabled) return <Badge tone="warning">disabled</Badge>;
  return <Badge tone="success">active</Badge>;
}

export default function ProjectsPage() {
  const projects = useProjects();
  const exportBundle = useExportBundle();
  return (
    <>
      <PageHeader title="Projects" description="The projects you have access to." />
      {exportBundle.error ? (
        <p className="form-error" role="alert">
          {exportBundle.error.message}
        </p>
      ) : null}
      <QueryView query={projects} loadingLabel="Loading projects…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No projects">
              You have no access to any project yet. Ask an administrator for a grant.
            </EmptyState>
          ) : (
            <DataTable
              caption="Projects"
              rows={list}
              rowKey={(p) => p.id}
              columns={[
                {
                  header: "Name",
                  cell: (p) => <Link to={`/projects/${p.id}/instances`}>{p.name}</Link>,
                },
                { header: "Status", cell: (p) => <ProjectStatus project={p} /> },
                { header: "Id", cell: (p) => p.id, numeric: true },
                {
                  header: "Bundle",
                  cell: (p) => (
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Export bundle of ${p.name}`}
                      disabled={exportBundle.isPending}
                      onClick={() => exportBundle.mutate(p.name)}
                    >
                      Export bundle
                    </button>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </>
  );
}
