// PostgreSQL twin of ../../schema/instances.ts (docs/stores.md); comments on the columns are there.
import { index, integer, primaryKey, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { patterns } from "./patterns.ts";
import { customers, id, instanceFolders, now, projects, releases, users } from "./tenancy.ts";

export const instances = pgTable(
  "instances",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    instanceFolderId: integer("instance_folder_id")
      .notNull()
      .references(() => instanceFolders.id),
    name: text("name").notNull(),
    description: text("description"),
    version: integer("version").notNull().default(1),
    releaseId: integer("release_id").references(() => releases.id),
    /** Stable identity across versions; equals the first id. */
    identityId: integer("identity_id"),
    userId: integer("user_id"),
    latestCommitId: integer("latest_commit_id"),
    /** Number of validation errors; `invalid` is errors > 0. */
    errors: integer("errors").notNull().default(0),
    /** JSON array of validation errors: { row, column, message }. */
    validation: text("validation").notNull().default("[]"),
    checkedOutByUserId: integer("checked_out_by_user_id").references(() => users.id),
    checkedOutAt: text("checked_out_at"),
    deleted: integer("deleted").notNull().default(0),
    uploadDisabled: integer("upload_disabled").notNull().default(0),
    insertDisabled: integer("insert_disabled").notNull().default(0),
    buildDisabled: integer("build_disabled").notNull().default(0),
    editDisabled: integer("edit_disabled").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    // An instance is known by (pattern, folder, name) inside its project.
    uniqueIndex("instances_key").on(t.projectId, t.patternId, t.instanceFolderId, t.name),
    index("instances_project_folder").on(t.projectId, t.instanceFolderId),
    // A project's instances in id order (the default list order): no sort, no random reads.
    index("instances_project").on(t.projectId),
    index("instances_project_name").on(t.projectId, t.name),
    index("instances_pattern").on(t.patternId),
  ],
);

/** One metadata row of an instance; `data` is a JSON object keyed by property and role names. */
export const instanceRows = pgTable(
  "instance_rows",
  {
    id: id(),
    instanceId: integer("instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    posNo: integer("pos_no").notNull(),
    data: text("data").notNull(),
  },
  (t) => [index("instance_rows_instance").on(t.instanceId, t.posNo)],
);

/** PostgreSQL twin of instance_references (../../schema/instances.ts). */
export const instanceReferences = pgTable(
  "instance_references",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sourceInstanceId: integer("source_instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    property: text("property").notNull(),
    sourcePosNo: integer("source_pos_no").notNull(),
    targetInstanceId: integer("target_instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    targetRow: text("target_row"),
  },
  (t) => [
    index("instance_references_project").on(t.projectId),
    index("instance_references_source").on(t.sourceInstanceId),
    index("instance_references_target").on(t.targetInstanceId),
  ],
);

export const labels = pgTable(
  "labels",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("labels_project_name").on(t.projectId, t.name)],
);

export const instanceLabels = pgTable(
  "instance_labels",
  {
    instanceId: integer("instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    labelId: integer("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.labelId] }),
    index("instance_labels_label").on(t.labelId),
  ],
);

/**
 * One version of an instance: who changed it, when, and its state before and
 * after (JSON: { rows, description, release_id, labels, flags }).
 */
export const commits = pgTable(
  "commits",
  {
    id: id(),
    instanceId: integer("instance_id")
      .notNull()
      .references(() => instances.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: integer("user_id"),
    /** upload | sql | import | console | checkin */
    source: text("source").notNull(),
    message: text("message"),
    before: text("before"),
    after: text("after").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("commits_instance_version").on(t.instanceId, t.version)],
);

/** Custom metadata tables of a project (`@TABLES.<name>`); columns: JSON [{ name, datatype }]. */
export const customTables = pgTable(
  "custom_tables",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    name: text("name").notNull(),
    columns: text("columns").notNull().default("[]"),
  },
  (t) => [uniqueIndex("custom_tables_project_name").on(t.projectId, t.name)],
);

export const customTableRows = pgTable(
  "custom_table_rows",
  {
    id: id(),
    tableId: integer("table_id")
      .notNull()
      .references(() => customTables.id, { onDelete: "cascade" }),
    data: text("data").notNull(),
  },
  (t) => [index("custom_table_rows_table").on(t.tableId)],
);
