import { storePoolCounts, storeSizeBytes } from "@metabuild/db";
import { BundleService } from "./bundle/service.ts";
import { AccessService } from "./access.ts";
import { AdminService } from "./admin.ts";
import { AgentService } from "./agents.ts";
import { createAgentServices } from "./agents/index.ts";
import { AgentRegistrationService } from "./agents/registration.ts";
import { AuditService } from "./audit.ts";
import { ApiTokenService } from "./api-tokens.ts";
import { AuthService } from "./auth.ts";
import { SignOnService } from "./sign-on/index.ts";
import { createBuildServices, renderOutputLimits } from "./builds/index.ts";
import type { AppDeps } from "./deps.ts";
import { DeploymentService } from "./deployments.ts";
import { EventBus } from "./events.ts";
import { FolderWriteService } from "./folder-writes.ts";
import { FolderService } from "./folders.ts";
import { createHarvestServices } from "./harvests/index.ts";
import { InstanceBulkService } from "./instances/bulk.ts";
import { InstanceCreationService } from "./instances/creation.ts";
import { InstanceEditingService } from "./instances/editing.ts";
import { InstanceHistoryService } from "./instances/history.ts";
import { InstanceWriter } from "./instances/writer.ts";
import { InstanceService } from "./instances/service.ts";
import { LabelService } from "./labels.ts";
import { LineageImpactService } from "./lineage/impact.ts";
import { LineageService } from "./lineage/service.ts";
import { InstanceImpactService } from "./lineage/instance-impact.ts";
import { PatternImpactService } from "./lineage/pattern-impact.ts";
import { VariableImpactService } from "./lineage/variable-impact.ts";
import { MetadataService } from "./metadata/service.ts";
import { MetadataScriptService } from "./metadata/scripts.ts";
import { TableLoads } from "./metadata/table-load.ts";
import { PatternAuthoringService } from "./pattern-authoring.ts";
import { PatternService } from "./patterns.ts";
import { ProjectWriteService } from "./project-writes.ts";
import { ProjectService } from "./projects.ts";
import { ReleaseService } from "./releases.ts";
import { countAgentRuns } from "./run-metrics.ts";
import { createSpreadsheetServices } from "./spreadsheets/index.ts";
import { SearchService } from "./search.ts";
import { InstanceNameService } from "./instances/names.ts";
import { UserService } from "./users.ts";
import { VariableCascadeService } from "./variable-cascade.ts";
import { VariableValueService } from "./variable-values.ts";
import { VariableService } from "./variables.ts";

/** Every service of the app, built once from its dependencies. */
export function createServices(deps: AppDeps) {
  const { db, config, clock } = deps;
  const access = new AccessService(db);
  const apiTokens = new ApiTokenService(db, access, clock, config.apiTokenMaxDays);
  const patterns = new PatternService(db);
  const events = new EventBus((err) => deps.logger.error("An event subscriber failed:", err));
  const instances = new InstanceService(db, access, clock, config.checkoutTtl);
  const instanceWriter = new InstanceWriter(db, clock, config.limits, config.checkoutTtl);
  const instanceEditing = new InstanceEditingService(db, access, instances, instanceWriter, clock);
  const agentServices = createAgentServices(deps, { access, patterns, events });
  const buildServices = createBuildServices(deps, { access, instances, instanceWriter, events });
  deps.metrics.watch({
    agentsOnline: () => agentServices.agentHub.onlineCount,
    storeSizeBytes: async () => await storeSizeBytes(db),
    storePool: () => storePoolCounts(db),
  });
  countAgentRuns(events, deps.metrics);
  const variableValues = new VariableValueService(db, access, patterns);
  const lineageImpact = new LineageImpactService(
    db,
    buildServices.renderer,
    renderOutputLimits(config),
  );
  const patternAuthoring = new PatternAuthoringService(
    db,
    access,
    instanceWriter,
    clock,
    buildServices.renderer,
    renderOutputLimits(config),
  );
  return {
    deps,
    access,
    audit: new AuditService(db, clock, config.auditRetentionDays),
    auth: new AuthService(
      db,
      config.jwtSecret,
      config.tokenTtl,
      clock,
      config.loginThrottle,
      events,
      apiTokens,
      config.localPasswords
        ? null
        : `Signing in with a password is switched off: use “Sign in with ${config.oidc?.name}”`,
    ),
    signOn: new SignOnService(db, config, clock),
    apiTokens,
    projects: new ProjectService(db, access),
    instances,
    folders: new FolderService(db, access),
    folderWrites: new FolderWriteService(db, access, instanceWriter),
    projectWrites: new ProjectWriteService(db, config.limits),
    labels: new LabelService(db, access),
    lineage: new LineageService(db, access),
    releases: new ReleaseService(db),
    instanceWriter,
    instanceEditing,
    instanceHistory: new InstanceHistoryService(db, instances, instanceWriter, instanceEditing),
    instanceCreation: new InstanceCreationService(db, access, instanceWriter, instanceEditing),
    instanceBulk: new InstanceBulkService(db, access, instanceWriter),
    users: new UserService(db, config.passwordMinLength),
    admin: new AdminService(db, events, config.passwordMinLength),
    patterns,
    variables: new VariableService(db, access, patterns),
    variableCascade: new VariableCascadeService(db, access, instances),
    variableValues,
    variableImpact: new VariableImpactService(
      db,
      variableValues,
      lineageImpact,
      config.impactMaxInstances,
    ),
    agents: new AgentService(db),
    agentRegistration: new AgentRegistrationService({ db, clock, writer: instanceWriter }),
    deployments: new DeploymentService(db, patterns),
    events,
    ...buildServices,
    patternAuthoring,
    instanceImpact: new InstanceImpactService(db, instanceEditing, lineageImpact),
    patternImpact: new PatternImpactService(
      db,
      patternAuthoring,
      lineageImpact,
      config.impactMaxInstances,
    ),
    ...agentServices,
    ...createHarvestServices(deps, { access, events, agentHub: agentServices.agentHub }),
    ...createSpreadsheetServices(deps, { access, instances, instanceWriter }),
    metadata: new MetadataService(db, access, config, clock, deps.logger, deps.metrics),
    metadataScripts: new MetadataScriptService(db, access, config.limits, clock),
    tableLoads: new TableLoads(db, access, config),
    search: new SearchService(db, access),
    instanceNames: new InstanceNameService(db, access),
    bundles: new BundleService(db, clock, instanceWriter, access, config.passwordMinLength),
  };
}

export type Services = ReturnType<typeof createServices>;
