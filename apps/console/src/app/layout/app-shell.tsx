import { Suspense } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { Loading } from "../../components/status.tsx";
import { useCan } from "../../permissions/can.ts";
import { CommandPalette } from "../../features/search/components/command-palette.tsx";
import { ProjectSwitcher } from "./project-switcher.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { useCurrentProjectId } from "./use-current-project.ts";
import { UserMenu } from "./user-menu.tsx";
import { paths } from "../paths.ts";

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link active" : "nav-link";
}

/** The frame of every signed-in page: navigation, project, theme, user. */
export function AppShell() {
  const projectId = useCurrentProjectId();
  const permissions = useCan();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to={paths.projects()} className="brand">
          metabuild
        </Link>
        <nav aria-label="Main" className="main-nav">
          <NavLink to={paths.projects()} end className={navClass}>
            Projects
          </NavLink>
          {projectId !== undefined ? (
            <NavLink to={paths.instances(projectId)} className={navClass}>
              Instances
            </NavLink>
          ) : null}
          {projectId !== undefined ? (
            <NavLink to={paths.builds(projectId)} className={navClass}>
              Builds
            </NavLink>
          ) : null}
          {projectId !== undefined ? (
            <NavLink to={paths.sql(projectId)} className={navClass}>
              SQL
            </NavLink>
          ) : null}
          {projectId !== undefined ? (
            <NavLink to={paths.harvest(projectId)} className={navClass}>
              Harvest
            </NavLink>
          ) : null}
          {projectId !== undefined ? (
            <NavLink to={paths.variables(projectId)} className={navClass}>
              Variables
            </NavLink>
          ) : null}
          <NavLink to={paths.patterns()} className={navClass}>
            Patterns
          </NavLink>
          <NavLink to={paths.agents()} className={navClass}>
            Agents
          </NavLink>
          {permissions.may("users.manage") ? (
            <NavLink to={paths.admin()} end className={navClass}>
              Admin
            </NavLink>
          ) : null}
          {permissions.may("bundle.import") ? (
            <NavLink to={paths.bundles()} className={navClass}>
              Bundles
            </NavLink>
          ) : null}
          {permissions.may("audit.read") ? (
            <NavLink to={paths.audit()} className={navClass}>
              Audit
            </NavLink>
          ) : null}
        </nav>
        <div className="topbar-tools">
          <CommandPalette />
          <ProjectSwitcher />
          <ThemeToggle />
          <UserMenu />
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Suspense fallback={<Loading label="Loading page…" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
