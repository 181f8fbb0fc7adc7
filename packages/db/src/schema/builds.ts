import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { wideInteger } from "./wide-integer.ts";
import { instances } from "./instances.ts";
import { deployments, patterns } from "./patterns.ts";
import { customers, now, projects, users } from "./tenancy.ts";

export const builds = sqliteTable(
  "builds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    userId: integer("user_id").notNull(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    progress: integer("progress").notNull().default(0),
    status: text("status").notNull().default("BUILDING"),
    message: text("message").notNull().default(""),
    buildStart: text("build_start"),
    buildEnd: text("build_end"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    historyCommited: integer("history_commited").notNull().default(0),
    version: integer("version").notNull().default(1),
    active: integer("active").notNull().default(1),
    mts: wideInteger("mts").notNull().default(0),
    name: text("name"),
    deliveriesCalculated: integer("deliveries_calculated").notNull().default(0),
    description: text("description"),
    commitInd: integer("commit_ind").notNull().default(0),
    deleted: integer("deleted").notNull().default(0),
    instances: integer("instances").notNull().default(0),
    /** JSON integer arrays. */
    patterns: text("patterns").notNull().default("[]"),
    releases: text("releases").notNull().default("[]"),
    warnings: text("warnings").notNull().default("[]"),
    /** JSON of the release map the build was started with. */
    releaseMap: text("release_map"),
    /**
     * JSON list of the instances the request named but the build left out
     * (invalid, build-disabled, release mismatch), for the build page.
     */
    leftOut: text("left_out").notNull().default("[]"),
  },
  (t) => [index("builds_project").on(t.projectId), index("builds_status").on(t.status)],
);

/** The instances a build renders, fixed at creation (with the version rendered). */
export const buildInstances = sqliteTable(
  "build_instances",
  {
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    instanceId: integer("instance_id")
      .notNull()
      .references(() => instances.id),
    patternId: integer("pattern_id").notNull(),
    version: integer("version"),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.instanceId] })],
);

/** Files behind the file store (build archives, uploads). */
export const storedFiles = sqliteTable("stored_files", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  customerId: integer("customer_id").notNull(),
  /** Key inside the file store. */
  key: text("key").notNull().unique(),
  size: wideInteger("size").notNull(),
  sha256: text("sha256").notNull(),
  contentType: text("content_type").notNull(),
  createdAt: text("created_at").notNull().default(now),
});

export const downloads = sqliteTable(
  "downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").notNull(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    type: text("type").notNull(),
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id),
    projectId: integer("project_id").notNull(),
    version: integer("version").notNull().default(1),
    uploadId: integer("upload_id"),
    fileId: integer("file_id").references(() => storedFiles.id),
    downloaded: integer("downloaded").notNull().default(0),
    instanceId: integer("instance_id"),
  },
  (t) => [index("downloads_build").on(t.buildId)],
);

export const agentGroups = sqliteTable("agent_groups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  customerId: integer("customer_id")
    .notNull()
    .references(() => customers.id),
  name: text("name").notNull(),
  description: text("description"),
});

export const agents = sqliteTable(
  "agents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The agent's UUID, used with its secret to sign in over WebSocket. */
    agentId: text("agent_id").notNull().unique(),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    deleted: integer("deleted").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    online: integer("online").notNull().default(0),
    groupId: integer("group_id").references(() => agentGroups.id),
    lastSeenAt: text("last_seen_at"),
  },
  (t) => [index("agents_customer").on(t.customerId)],
);

export const buildDeployments = sqliteTable(
  "build_deployments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").notNull(),
    projectId: integer("project_id").notNull(),
    userId: integer("user_id").notNull(),
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id),
    patternId: integer("pattern_id").notNull(),
    deploymentId: integer("deployment_id")
      .notNull()
      .references(() => deployments.id),
    /** The download (archive) deployed. */
    uploadId: integer("upload_id"),
    agentId: integer("agent_id").references(() => agents.id),
    agentGroupId: integer("agent_group_id").references(() => agentGroups.id),
    status: text("status").notNull().default("QUEUED"),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    log: text("log").notNull().default(""),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("build_deployments_build").on(t.buildId)],
);

export const metadataExecutions = sqliteTable(
  "metadata_executions",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id").notNull(),
    projectId: integer("project_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    statement: text("statement").notNull(),
    type: text("type"),
    status: text("status").notNull(),
    runtime: integer("runtime").notNull().default(0),
    rowCount: integer("row_count").notNull().default(0),
    error: text("error"),
    startTime: wideInteger("start_time").notNull(),
    /** The saved script the run came from, and its version then (docs/metadata-scripts.md). */
    scriptId: integer("script_id"),
    scriptVersion: integer("script_version"),
  },
  (t) => [
    index("metadata_executions_user").on(t.userId, t.startTime),
    index("metadata_executions_script").on(t.scriptId, t.startTime),
  ],
);
