import { createInstances, getInstance } from "@metabuild/contract/operations";
import { type Context, Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { authenticate } from "./http/authenticate.ts";
import { outsideBasePath, routePathWithin } from "./http/base-path.ts";
import { limitBodies } from "./http/body-limit.ts";
import { compress } from "./http/compression.ts";
import { requestIdOf, requestLog } from "./http/request-log.ts";
import { serveConsole } from "./http/console-assets.ts";
import { errorHandler, notFoundHandler } from "./http/error-handler.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { mountAgentSocket } from "./routes/agents-ws.ts";
import { authenticationRoutes } from "./routes/auth/index.ts";
import { consoleBuildRoutes } from "./routes/console/builds/index.ts";
import { deploymentPlanRoutes } from "./routes/console/deployment-plans/index.ts";
import { consoleBuildDeploymentRoutes } from "./routes/console/build-deployments/index.ts";
import { eventRoutes } from "./routes/console/events.ts";
import { instanceExportRoutes } from "./routes/console/instances-export.ts";
import { instanceNameRoutes } from "./routes/console/instance-names.ts";
import { instanceEditingRoutes } from "./routes/console/instances/index.ts";
import { variableCascadeRoutes } from "./routes/console/variables/cascade.ts";
import { variableValueRoutes } from "./routes/console/variable-values/index.ts";
import { folderWriteRoutes } from "./routes/console/folders/index.ts";
import { projectWriteRoutes } from "./routes/console/projects/index.ts";
import { meRoutes } from "./routes/console/me.ts";
import { searchRoutes } from "./routes/console/search.ts";
import { adminRoutes } from "./routes/console/admin/index.ts";
import { apiTokenRoutes } from "./routes/console/tokens/index.ts";
import { bundleRoutes, isBundleImport } from "./routes/console/bundles/index.ts";
import { auditRoutes } from "./routes/console/audit/index.ts";
import { patternTemplateRoutes } from "./routes/console/pattern-templates.ts";
import { patternAuthoringRoutes } from "./routes/console/patterns/index.ts";
import { docsRoutes } from "./routes/docs.ts";
import { healthRoutes } from "./routes/health.ts";
import { metricsRoutes } from "./routes/metrics.ts";
import { instanceFolderRoutes } from "./routes/v1/instance_folders/index.ts";
import { getInstanceAlongToken } from "./routes/v1/instances/get.ts";
import { instanceRoutes } from "./routes/v1/instances/index.ts";
import { labelRoutes } from "./routes/v1/labels/index.ts";
import { lineageRoutes } from "./routes/v1/lineage/index.ts";
import { consoleAgentRoutes } from "./routes/console/agents/index.ts";
import { agentGroupRoutes } from "./routes/v1/agent_groups/index.ts";
import { agentRoutes } from "./routes/v1/agents/index.ts";
import { buildDeploymentRoutes } from "./routes/v1/build_deployments/index.ts";
import { deploymentRoutes } from "./routes/v1/deployments/index.ts";
import {
  harvestRoutes,
  harvestScheduleRoutes,
  harvestSourceRoutes,
} from "./routes/v1/harvests/index.ts";
import { functionalRoleRoutes } from "./routes/v1/functional_roles/index.ts";
import { instancePropertyRoutes } from "./routes/v1/instance_properties/index.ts";
import { patternVariableRoutes } from "./routes/v1/pattern_variables/index.ts";
import { patternRoutes } from "./routes/v1/patterns/index.ts";
import { projectRoutes } from "./routes/v1/projects/index.ts";
import { releaseGroupRoutes } from "./routes/v1/release_groups/index.ts";
import { releaseRoutes } from "./routes/v1/releases/index.ts";
import { buildRoutes } from "./routes/v1/builds/index.ts";
import { downloadRoutes } from "./routes/v1/downloads/index.ts";
import { metadataRoutes } from "./routes/v1/metadata/index.ts";
import { metadataConsoleRoutes } from "./routes/console/metadata/index.ts";
import { isTableLoad } from "./routes/console/metadata/table-load.ts";
import { withAuditContext } from "./services/audit.ts";
import type { AppDeps } from "./services/deps.ts";
import { type Services, createServices } from "./services/index.ts";

/** Builds the whole HTTP app from its dependencies; tests call `app.request()` on it. */
export function createApp(deps: AppDeps, services: Services = createServices(deps)) {
  // Routes see paths without METABUILD_BASE_PATH and without a trailing slash.
  const app = new Hono<AppEnv>({ getPath: routePathWithin(deps.config.basePath) });
  app.onError(errorHandler(deps.logger));
  app.notFound(notFoundHandler);
  // First: every later step (errors included) knows the request id (docs/observability.md).
  app.use("*", requestLog(deps.logger, deps.metrics));
  // Each step costs every request a little (docs/performance.md): none without a base path.
  if (deps.config.basePath) app.use("*", outsideBasePath(deps.config.basePath));
  app.use("*", compress());
  app.use("*", securityHeaders);
  app.use("*", (c, next) => {
    c.set("services", services);
    c.set("jsonMaxDepth", deps.config.jsonMaxDepth);
    // Audit events recorded while answering carry the request's id (docs/audit-log.md).
    return withAuditContext({ requestId: requestIdOf(c) }, next);
  });
  app.use(
    "*",
    limitBodies([
      {
        maxBytes: deps.config.bodyMaxBytes,
        exempt: (c) => isSpreadsheetUpload(c) || isBundleImport(c) || isTableLoad(c),
      },
      { maxBytes: deps.config.bundleMaxBytes, exempt: (c) => !isBundleImport(c) },
    ]),
  );

  app.route("/health", healthRoutes());
  app.route("/metrics", metricsRoutes(deps.metrics, deps.config.metricsToken));
  app.route("/authentication", authenticationRoutes());
  app.route("/", docsRoutes(deps.config.basePath));
  // Agents sign in with their own credentials in the first message, never a user token.
  const injectWebSocket = mountAgentSocket(app, services.agentHub, deps.config, deps.logger);

  // Checks its token inside its own statement, so it comes before `authenticate`.
  app.get(getInstance.path, getInstanceAlongToken);
  // Everything below needs a signed-in user.
  app.use("/api/v1/*", authenticate);
  app.use("/api/console/*", authenticate);
  app.route("/api/v1/projects", projectRoutes());
  app.route("/api/v1/patterns", patternRoutes());
  app.route("/api/v1/pattern_variables", patternVariableRoutes());
  app.route("/api/v1/functional_roles", functionalRoleRoutes());
  app.route("/api/v1/instance_properties", instancePropertyRoutes());
  app.route("/api/v1/agents", agentRoutes());
  app.route("/api/v1/agent_groups", agentGroupRoutes());
  app.route("/api/v1/deployments", deploymentRoutes());
  app.route("/api/v1/build_deployments", buildDeploymentRoutes());
  app.route("/api/v1/harvests", harvestRoutes());
  app.route("/api/v1/harvest_sources", harvestSourceRoutes());
  app.route("/api/v1/harvest_schedules", harvestScheduleRoutes());
  app.route("/api/v1/instances", instanceRoutes());
  app.route("/api/v1/instance_folders", instanceFolderRoutes());
  app.route("/api/v1/labels", labelRoutes());
  app.route("/api/v1/lineage", lineageRoutes());
  app.route("/api/v1/releases", releaseRoutes());
  app.route("/api/v1/release_groups", releaseGroupRoutes());
  app.route("/api/console/me", meRoutes());
  app.route("/api/console/search", searchRoutes());
  app.route("/api/console/admin", adminRoutes());
  app.route("/api/console/tokens", apiTokenRoutes());
  app.route("/api/console/agents", consoleAgentRoutes());
  app.route("/api/console/audit", auditRoutes());
  app.route("/api/console/patterns/:id/templates", patternTemplateRoutes());
  app.route("/api/console/patterns", patternAuthoringRoutes());
  app.route("/api/console/instances/export", instanceExportRoutes());
  app.route("/api/console/instances/invalid-names", instanceNameRoutes());
  app.route("/api/console/instances", instanceEditingRoutes());
  app.route("/api/console/variables/cascade", variableCascadeRoutes());
  app.route("/api/console/variable_values", variableValueRoutes());
  app.route("/api/console/folders", folderWriteRoutes());
  app.route("/api/console/projects", projectWriteRoutes());
  app.route("/api/v1/builds", buildRoutes());
  app.route("/api/v1/downloads", downloadRoutes());
  app.route("/api/console/builds", consoleBuildRoutes());
  app.route("/api/console/deployment_plans", deploymentPlanRoutes());
  app.route("/api/console/build_deployments", consoleBuildDeploymentRoutes());
  app.route("/api/console/events", eventRoutes());
  app.route("/api/v1/metadata", metadataRoutes());
  app.route("/api/console/metadata", metadataConsoleRoutes());
  app.route("/api/console/bundles", bundleRoutes());

  serveConsole(app, deps.config.consoleDir, deps.config.basePath);
  // startServer attaches the WebSocket upgrade handling to the HTTP server.
  return Object.assign(app, { injectWebSocket });
}

export type App = ReturnType<typeof createApp>;

/** The multipart upload streams to disk under METABUILD_UPLOAD_MAX_BYTES instead. */
function isSpreadsheetUpload(c: Context): boolean {
  return (
    c.req.method === "POST" &&
    c.req.path.replace(/\/+$/, "") === createInstances.path &&
    /^multipart\/form-data/i.test(c.req.header("content-type") ?? "")
  );
}
