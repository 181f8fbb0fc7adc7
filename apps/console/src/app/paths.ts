import { generatePath } from "react-router";

/**
 * The console's own routes, spelled once: the router mounts these patterns
 * and links and navigations build their URLs with `paths` below
 * (docs/architecture.md "Where a new page goes").
 */
export const routes = {
  signIn: "/sign-in",
  projects: "/projects",
  instances: "/projects/:projectId/instances",
  instance: "/projects/:projectId/instances/:instanceId",
  builds: "/projects/:projectId/builds",
  build: "/projects/:projectId/builds/:buildId",
  variables: "/projects/:projectId/variables",
  sql: "/projects/:projectId/sql",
  generateInstances: "/projects/:projectId/sql/generate",
  harvest: "/projects/:projectId/harvest",
  agents: "/agents",
  deploymentRun: "/deployments/:runId",
  newDeploymentPlan: "/deployment-plans/new",
  deploymentPlan: "/deployment-plans/:planId",
  patterns: "/patterns",
  newPattern: "/patterns/new",
  pattern: "/patterns/:patternId",
  editPattern: "/patterns/:patternId/edit",
  admin: "/admin",
  audit: "/admin/audit",
  bundles: "/bundles",
  account: "/account",
  tokens: "/tokens",
} as const;

/** A route pattern without its leading `/`, as a nested router entry takes it. */
export function child(route: string): string {
  return route.slice(1);
}

type Search = string | URLSearchParams | Record<string, string | number | undefined>;

/** `path` with a query: a ready string (`a=1&b`) or values (undefined ones left out). */
function withSearch(path: string, search?: Search): string {
  if (search === undefined) return path;
  const qs =
    typeof search === "string" || search instanceof URLSearchParams
      ? search.toString()
      : new URLSearchParams(
          Object.entries(search).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        ).toString();
  return qs ? `${path}?${qs}` : path;
}

type Id = number | string;
const at = (route: string, params: Record<string, Id>, search?: Search) =>
  withSearch(
    generatePath(route, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))),
    search,
  );

/** The URL of each page, for `<Link to>` and `navigate()`. */
export const paths = {
  signIn: (search?: Search) => withSearch(routes.signIn, search),
  projects: () => routes.projects,
  instances: (projectId: Id, search?: Search) => at(routes.instances, { projectId }, search),
  instance: (projectId: Id, instanceId: Id, search?: Search) =>
    at(routes.instance, { projectId, instanceId }, search),
  builds: (projectId: Id, search?: Search) => at(routes.builds, { projectId }, search),
  build: (projectId: Id, buildId: Id) => at(routes.build, { projectId, buildId }),
  variables: (projectId: Id, search?: Search) => at(routes.variables, { projectId }, search),
  /** The same page (`instances`, `builds`, …) of another project: the project switcher. */
  projectPage: (projectId: Id, page: string) => `${at(routes.projects, {})}/${projectId}/${page}`,
  sql: (projectId: Id) => at(routes.sql, { projectId }),
  generateInstances: (projectId: Id) => at(routes.generateInstances, { projectId }),
  harvest: (projectId: Id) => at(routes.harvest, { projectId }),
  agents: (search?: Search) => withSearch(routes.agents, search),
  deploymentRun: (runId: Id) => at(routes.deploymentRun, { runId }),
  newDeploymentPlan: (search?: Search) => withSearch(routes.newDeploymentPlan, search),
  deploymentPlan: (planId: Id) => at(routes.deploymentPlan, { planId }),
  patterns: () => routes.patterns,
  newPattern: () => routes.newPattern,
  pattern: (patternId: Id, search?: Search) => at(routes.pattern, { patternId }, search),
  editPattern: (patternId: Id, search?: Search) => at(routes.editPattern, { patternId }, search),
  admin: (search?: Search) => withSearch(routes.admin, search),
  audit: () => routes.audit,
  bundles: () => routes.bundles,
  account: () => routes.account,
  tokens: () => routes.tokens,
};
