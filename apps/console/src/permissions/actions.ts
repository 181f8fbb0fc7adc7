import type { PermissionName } from "@metabuild/contract";
import type { paths } from "@metabuild/contract/api-paths";

/**
 * What the server checks before it does an action (docs/console-permissions.md):
 * a per-project permission (AccessService.require / resolveProject), the
 * customer-wide `develop_patterns` grant, or being an administrator.
 */
type Method = "get" | "put" | "post" | "patch" | "delete";
/** "POST /console/folders": an operation of the contract (the typed client's paths), checked by tsc. */
export type Endpoint = {
  [P in keyof paths]: {
    [M in Method]: NonNullable<paths[P][M]> extends never ? never : `${Uppercase<M>} ${P}`;
  }[Method];
}[keyof paths];

export type ActionRule =
  | { project: PermissionName }
  | { customer: "develop_patterns" }
  | { admin: true };

/**
 * Every console control that leads to a write, build, harvest, deploy,
 * download or admin request, with the server's rule for the request it sends
 * (`server`: the endpoint, so a reviewer finds the check in apps/server).
 * A new control adds its action here and asks `can()`; the sweep test in
 * permissions.test.ts and e2e/tests/read-only-sweep.spec.ts hold every
 * control to it.
 */
export const CONSOLE_ACTIONS = {
  // Instances (services/instances/*: write_instances).
  "instance.create": {
    rule: { project: "write_instances" },
    server: "POST /console/instances",
  },
  "instance.copy": {
    rule: { project: "write_instances" },
    server: "POST /console/instances/{id}/copy",
  },
  "instance.edit": {
    rule: { project: "write_instances" },
    server: "POST /console/instances/{id}/checkout",
  },
  "instance.restore": {
    rule: { project: "write_instances" },
    server: "POST /console/instances/{id}/versions/{version}/restore",
  },
  "instances.change": {
    rule: { project: "write_instances" },
    server: "POST /console/instances/bulk",
  },
  "instances.delete": {
    rule: { project: "write_instances" },
    server: "POST /console/instances/bulk",
  },
  "instances.upload": { rule: { project: "write_instances" }, server: "POST /v1/instances" },
  // Folders (services/folder-writes.ts: write_instances).
  "folder.create": { rule: { project: "write_instances" }, server: "POST /console/folders" },
  "folder.move": { rule: { project: "write_instances" }, server: "PATCH /console/folders" },
  "folder.delete": { rule: { project: "write_instances" }, server: "DELETE /console/folders" },
  // Variable cascade and its impact preview (services/variable-values.ts: write_instances).
  "variable.set": {
    rule: { project: "write_instances" },
    server: "PUT /console/variable_values",
  },
  "variable.clear": {
    rule: { project: "write_instances" },
    server: "DELETE /console/variable_values",
  },
  // Metadata SQL (services/metadata/*: write_instances for writes, scripts and table loads;
  // a typed statement runs for everyone, and a write among them gets the server's 403 text).
  "metadata.generate": {
    rule: { project: "write_instances" },
    server: "POST /console/metadata/run",
  },
  "metadata.load-table": {
    rule: { project: "write_instances" },
    server: "POST /console/metadata/tables/{name}/load",
  },
  "script.write": {
    rule: { project: "write_instances" },
    server: "POST /console/metadata/scripts",
  },
  // Harvests (services/harvests/*: write_instances, as the SQL that writes them).
  "harvest.start": { rule: { project: "write_instances" }, server: "POST /v1/harvests" },
  "harvest.schedule": {
    rule: { project: "write_instances" },
    server: "POST /v1/harvest_schedules",
  },
  // Builds and deployments (services/builds, services/agents: write_builds; archives: read_builds).
  "build.start": { rule: { project: "write_builds" }, server: "POST /v1/builds" },
  "build.cancel": {
    rule: { project: "write_builds" },
    server: "POST /console/builds/{id}/cancel",
  },
  "build.download": { rule: { project: "read_builds" }, server: "GET /v1/downloads/{id}" },
  // A build's files and its comparison are its results too (services/builds/archives.ts).
  "build.read-files": {
    rule: { project: "read_builds" },
    server: "GET /console/builds/{id}/files",
  },
  "build.compare": { rule: { project: "read_builds" }, server: "GET /console/builds/{id}/diff" },
  "deployment.start": {
    rule: { project: "write_builds" },
    server: "POST /v1/build_deployments",
  },
  "deployment.cancel": {
    rule: { project: "write_builds" },
    server: "POST /console/build_deployments/{id}/cancel",
  },
  "plan.start": { rule: { project: "write_builds" }, server: "POST /console/deployment_plans" },
  "plan.cancel": {
    rule: { project: "write_builds" },
    server: "POST /console/deployment_plans/{id}/cancel",
  },
  // A project's bundle (services/bundle/service.ts: read on the project).
  "bundle.export": { rule: { project: "access" }, server: "GET /console/bundles/export" },
  // Customer-wide (services/pattern-authoring.ts: develop_patterns).
  "pattern.author": {
    rule: { customer: "develop_patterns" },
    server: "POST /console/patterns",
  },
  // Administrators only (services/admin.ts, agents/registration.ts, bundle/service.ts, project-writes.ts, audit.ts, api-tokens.ts).
  "agent.register": { rule: { admin: true }, server: "POST /console/agents" },
  "bundle.import": { rule: { admin: true }, server: "POST /console/bundles" },
  "project.manage": { rule: { admin: true }, server: "POST /console/projects" },
  "users.manage": { rule: { admin: true }, server: "POST /console/admin/users" },
  "audit.read": { rule: { admin: true }, server: "GET /console/audit" },
  "token.service-account": { rule: { admin: true }, server: "POST /console/tokens" },
  // Only an admin lifts `edit_disabled` (services/instances/editing.ts).
  "instance.enable-editing": { rule: { admin: true }, server: "PATCH /console/instances/{id}" },
} as const satisfies Record<string, { rule: ActionRule; server: Endpoint }>;

export type ConsoleAction = keyof typeof CONSOLE_ACTIONS;
