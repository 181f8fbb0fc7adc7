import { Suspense, lazy } from "react";
import { Navigate, createBrowserRouter, useRouteError } from "react-router";
import { ErrorState, Loading } from "../components/status.tsx";
import { basePath } from "../lib/base-path.ts";
import { AppShell } from "./layout/app-shell.tsx";
import { child, paths, routes } from "./paths.ts";
import { RequireSession } from "./require-session.tsx";

// Every page is its own chunk: the first route loads only the shell and itself.
const SignInPage = lazy(() => import("../features/auth/pages/sign-in-page.tsx"));
const ProjectsPage = lazy(() => import("../features/projects/pages/projects-page.tsx"));
const InstancesPage = lazy(() => import("../features/instances/pages/instances-page.tsx"));
const PatternsPage = lazy(() => import("../features/patterns/pages/patterns-page.tsx"));
const PatternDetailPage = lazy(() => import("../features/patterns/pages/pattern-detail-page.tsx"));
const PatternEditPage = lazy(() => import("../features/patterns/pages/pattern-edit-page.tsx"));
const BuildsPage = lazy(() => import("../features/builds/pages/builds-page.tsx"));
const BuildPage = lazy(() => import("../features/builds/pages/build-page.tsx"));
const AdminPage = lazy(() => import("../features/admin/pages/admin-page.tsx"));
const BundlesPage = lazy(() => import("../features/bundles/pages/bundles-page.tsx"));
const AuditPage = lazy(() => import("../features/audit/pages/audit-page.tsx"));
const AccountPage = lazy(() => import("../features/account/pages/account-page.tsx"));
const TokensPage = lazy(() => import("../features/tokens/pages/tokens-page.tsx"));
const AgentsPage = lazy(() => import("../features/agents/pages/agents-page.tsx"));
const BuildDeploymentPage = lazy(
  () => import("../features/agents/pages/build-deployment-page.tsx"),
);
const DeploymentPlanNewPage = lazy(
  () => import("../features/agents/pages/deployment-plan-new-page.tsx"),
);
const DeploymentPlanPage = lazy(() => import("../features/agents/pages/deployment-plan-page.tsx"));
const CascadePage = lazy(() => import("../features/variables/pages/cascade-page.tsx"));
const InstanceEditorPage = lazy(
  () => import("../features/instance-editor/pages/instance-editor-page.tsx"),
);
const SqlEditorPage = lazy(() => import("../features/sql-editor/pages/sql-editor-page.tsx"));
const GenerateInstancesPage = lazy(
  () => import("../features/generate-instances/pages/generate-instances-page.tsx"),
);
const HarvestPage = lazy(() => import("../features/harvest/pages/harvest-page.tsx"));
const NotFoundPage = lazy(() => import("./not-found-page.tsx"));

function RouteError() {
  const error = useRouteError();
  return (
    <main className="centered" id="main">
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}

export function createRouter() {
  // Under METABUILD_BASE_PATH every route lives below it (docs/http-edge.md "Base path").
  return createBrowserRouter(
    [
      {
        path: routes.signIn,
        errorElement: <RouteError />,
        element: (
          <Suspense fallback={<Loading label="Loading page…" />}>
            <SignInPage />
          </Suspense>
        ),
      },
      {
        errorElement: <RouteError />,
        element: (
          <RequireSession>
            <AppShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to={paths.projects()} replace /> },
          { path: child(routes.projects), element: <ProjectsPage /> },
          { path: child(routes.instances), element: <InstancesPage /> },
          { path: child(routes.instance), element: <InstanceEditorPage /> },
          { path: child(routes.builds), element: <BuildsPage /> },
          { path: child(routes.build), element: <BuildPage /> },
          { path: child(routes.agents), element: <AgentsPage /> },
          { path: child(routes.deploymentRun), element: <BuildDeploymentPage /> },
          { path: child(routes.newDeploymentPlan), element: <DeploymentPlanNewPage /> },
          { path: child(routes.deploymentPlan), element: <DeploymentPlanPage /> },
          { path: child(routes.variables), element: <CascadePage /> },
          { path: child(routes.sql), element: <SqlEditorPage /> },
          { path: child(routes.generateInstances), element: <GenerateInstancesPage /> },
          { path: child(routes.harvest), element: <HarvestPage /> },
          { path: child(routes.patterns), element: <PatternsPage /> },
          { path: child(routes.newPattern), element: <PatternEditPage /> },
          { path: child(routes.pattern), element: <PatternDetailPage /> },
          { path: child(routes.editPattern), element: <PatternEditPage /> },
          { path: child(routes.admin), element: <AdminPage /> },
          { path: child(routes.audit), element: <AuditPage /> },
          { path: child(routes.bundles), element: <BundlesPage /> },
          { path: child(routes.account), element: <AccountPage /> },
          { path: child(routes.tokens), element: <TokensPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: basePath() || "/" },
  );
}
