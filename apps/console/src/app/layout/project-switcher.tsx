import { useLocation, useNavigate } from "react-router";
import { useProjects } from "../../features/projects/api/get-projects.ts";
import { paths } from "../paths.ts";
import { useCurrentProjectId } from "./use-current-project.ts";

/** Picks the project to work in; keeps the current project-scoped page if there is one. */
export function ProjectSwitcher() {
  const projects = useProjects();
  const current = useCurrentProjectId();
  const navigate = useNavigate();
  const location = useLocation();
  const known = projects.data?.some((p) => p.id === current) ? current : undefined;

  function choose(id: string) {
    if (!id) return;
    const section = /^\/projects\/\d+\/([^/?]+)/.exec(location.pathname)?.[1] ?? "instances";
    navigate(paths.projectPage(id, section));
  }

  return (
    <label className="project-switcher">
      <span className="visually-hidden">Project</span>
      <select
        value={known ?? ""}
        onChange={(e) => choose(e.target.value)}
        disabled={!projects.data}
        title={projects.isError ? projects.error.message : undefined}
      >
        <option value="" disabled>
          {projects.isPending
            ? "Loading projects…"
            : projects.isError
              ? "Projects unavailable"
              : "Choose a project…"}
        </option>
        {projects.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
