// Every operation of the API, declared once (docs/architecture.md "Operations").
export type { Method, Operation } from "./operation.ts";
export { defineOperation } from "./operation.ts";
export { listBuilds, getBuild, createBuild } from "./builds.ts";
export { listPatterns, getPattern } from "./patterns.ts";
export { executeMetadata } from "./metadata.ts";
export { listInstanceProperties, getInstanceProperty } from "./instance-properties.ts";
export { listProjects, getProject } from "./projects.ts";
export { listAgents, getAgent } from "./agents.ts";
export { listDownloads, getDownload } from "./downloads.ts";
export { listPatternVariables, getPatternVariable } from "./pattern-variables.ts";
export { listReleases, getRelease } from "./releases.ts";
export { listLabels, getLabel } from "./labels.ts";
export {
  startHarvest,
  listHarvests,
  getHarvest,
  listHarvestSources,
  createHarvestSchedule,
  listHarvestSchedules,
  getHarvestSchedule,
  deleteHarvestSchedule,
} from "./harvests.ts";
export { listInstances, getInstance, createInstances } from "./instances.ts";
export { listReleaseGroups, getReleaseGroup } from "./release-groups.ts";
export { listFolders, getFolder } from "./instance-folders.ts";
export { listAgentGroups, getAgentGroup } from "./agent-groups.ts";
export { listFunctionalRoles, getFunctionalRole } from "./functional-roles.ts";
export {
  listBuildDeployments,
  getBuildDeployment,
  createBuildDeployment,
} from "./build-deployments.ts";
export { listDeployments, getDeployment } from "./deployments.ts";
export { signIn, signOut, signInMethods, signOnStart, signOnCallback } from "./auth.ts";
export { health, healthReady } from "./health.ts";
export { metricsOperation } from "./metrics.ts";
export { agentSocket } from "./agents-ws.ts";
export {
  diffBuilds,
  listBuildFiles,
  readBuildFile,
  getBuildSelection,
  cancelBuild,
} from "./console/builds.ts";
export {
  createPattern,
  getPatternAuthoring,
  savePattern,
  listPatternVersions,
  getPatternVersion,
  previewPattern,
} from "./console/patterns.ts";
export {
  metadataRun,
  metadataHistory,
  loadTable,
  listScripts,
  createScript,
  getScript,
  saveScript,
  removeScript,
  listScriptVersions,
  getScriptVersion,
  listScriptRuns,
  createScriptFolder,
  moveScriptFolder,
  removeScriptFolder,
  metadataSchema,
} from "./console/metadata.ts";
export {
  listAdminUsers,
  getAdminGrants,
  setAdminGrant,
  resetAdminUserPassword,
  setAdminCustomerGrant,
  updateAdminUser,
  addAdminUser,
} from "./console/admin.ts";
export { importBundleOperation, exportBundleOperation } from "./console/bundles.ts";
export { updateProject, createProject } from "./console/projects.ts";
export { createFolder, removeFolder, moveFolder } from "./console/folders.ts";
export { searchNames } from "./console/search.ts";
export { listAuditEvents } from "./console/audit.ts";
export { clearVariableValue, setVariableValue } from "./console/variable-values.ts";
export { changeOwnPassword } from "./console/account.ts";
export { listInvalidInstanceNames } from "./console/instance-names.ts";
export {
  listDeploymentPlans,
  getDeploymentPlan,
  createDeploymentPlan,
  cancelDeploymentPlan,
} from "./console/deployment-plans.ts";
export { cancelBuildDeployment } from "./console/build-deployments.ts";
export { registerAgent } from "./console/agents.ts";
export { getLineage } from "./lineage.ts";
export { listPatternTemplates } from "./console/pattern-templates.ts";
export { streamEvents } from "./console/events.ts";
export {
  saveInstanceDetails,
  getInstanceEditing,
  validateInstanceRows,
  saveInstanceRows,
  listInstanceVersions,
  getInstanceVersion,
  restoreInstanceVersion,
  createInstance,
  copyInstance,
  checkoutInstance,
  changeInstances,
  checkinInstance,
  listReferenceCandidates,
} from "./console/instances.ts";
export { getVariableCascade } from "./console/variables.ts";
export { exportInstances } from "./console/instances-export.ts";
export { createApiToken, listApiTokens, revokeApiToken } from "./console/tokens.ts";
export { getMe } from "./console/me.ts";
