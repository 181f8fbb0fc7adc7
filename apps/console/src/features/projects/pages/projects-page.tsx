import type { Project } from "@metabuild/contract";
import { useState } from "react";
import { Link } from "react-router";
import { useExportBundle } from "../../../api/export-bundle.ts";
import { useMe } from "../../../api/get-me.ts";
import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { EmptyState, ErrorState, QueryView } from "../../../components/status.tsx";
import { can } from "../../../permissions/can.ts";
import { useUpdateProject } from "../api/project-writes.ts";
import { useProjects } from "../api/get-projects.ts";
import { ProjectNameDialog } from "../components/project-name-dialog.tsx";
import { paths } from "../../../app/paths.ts";

function ProjectStatus({ project }: { project: Project }) {
  if (project.deleted) return <Badge tone="danger">deleted</Badge>;
  if (project.disabled) return <Badge tone="warning">disabled</Badge>;
  return <Badge tone="success">active</Badge>;
}

/** An admin's actions on one project (docs/folders-and-projects.md). */
function ProjectActions({
  project,
  onRename,
}: {
  project: Project;
  onRename: (p: Project) => void;
}) {
  const update = useUpdateProject();
  const toggle = project.disabled ? "Enable" : "Disable";
  return (
    <span className="row-actions">
      <button
        type="button"
        className="button button-small"
        aria-label={`Rename ${project.name}`}
        onClick={() => onRename(project)}
      >
        Rename
      </button>
      <button
        type="button"
        className="button button-small"
        aria-label={`${toggle} ${project.name}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ id: project.id, change: { disabled: !project.disabled } })}
      >
        {toggle}
      </button>
      {update.isError ? <ErrorState error={update.error} /> : null}
    </span>
  );
}

export default function ProjectsPage() {
  const projects = useProjects();
  const exportBundle = useExportBundle();
  const me = useMe().data;
  const admin = can(me, "project.manage").allowed;
  // undefined: no dialog; null: a new project; a project: rename it.
  const [naming, setNaming] = useState<Project | null>();
  return (
    <>
      <PageHeader
        title="Projects"
        description={
          admin
            ? "Every project of your organisation; disabled ones are hidden from everyone else."
            : "The projects you have access to."
        }
        actions={
          admin ? (
            <button type="button" className="button" onClick={() => setNaming(null)}>
              New project
            </button>
          ) : null
        }
      />
      {naming !== undefined ? (
        <ProjectNameDialog project={naming ?? undefined} onClose={() => setNaming(undefined)} />
      ) : null}
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
                  cell: (p) => <Link to={paths.instances(p.id)}>{p.name}</Link>,
                },
                { header: "Status", cell: (p) => <ProjectStatus project={p} /> },
                { header: "Id", cell: (p) => p.id, numeric: true },
                {
                  header: "Bundle",
                  cell: (p) => (
                    <PermittedButton
                      className="button button-small"
                      reason={can(me, "bundle.export", p.id).reason}
                      aria-label={`Export bundle of ${p.name}`}
                      disabled={exportBundle.isPending}
                      onClick={() => exportBundle.mutate(p.name)}
                    >
                      Export bundle
                    </PermittedButton>
                  ),
                },
                ...(admin
                  ? [
                      {
                        header: "Actions",
                        cell: (p: Project) => <ProjectActions project={p} onRename={setNaming} />,
                      },
                    ]
                  : []),
              ]}
            />
          )
        }
      </QueryView>
    </>
  );
}
