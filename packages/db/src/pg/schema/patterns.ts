// PostgreSQL twin of ../../schema/patterns.ts (docs/stores.md); comments on the columns are there.
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { customers, id, now, releaseGroups } from "./tenancy.ts";

export const patterns = pgTable(
  "patterns",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type").notNull().default("SQLITE"),
    versNo: text("vers_no").notNull().default("1.0"),
    status: text("status").notNull().default("FINISHED"),
    active: integer("active").notNull().default(1),
    deleted: integer("deleted").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    releaseGroupId: integer("release_group_id").references(() => releaseGroups.id),
    /** The rule new instance names follow; null: the default (docs/instance-names.md). */
    instanceNamePattern: text("instance_name_pattern"),
    /** JSON list of PatternConstraint; null: none (docs/pattern-constraints.md). */
    constraints: text("constraints"),
  },
  (t) => [uniqueIndex("patterns_customer_name").on(t.customerId, t.name)],
);

export const instanceProperties = pgTable(
  "instance_properties",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    datatype: text("datatype").notNull().default("string"),
    format: text("format"),
    description: text("description"),
    deleted: integer("deleted").notNull().default(0),
    required: integer("required").notNull().default(0),
    posNo: integer("pos_no").notNull().default(0),
  },
  (t) => [uniqueIndex("instance_properties_pattern_name").on(t.patternId, t.name)],
);

export const functionalRoles = pgTable(
  "functional_roles",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    class: text("class"),
    domain: text("domain"),
    cardinalityMin: text("cardinality_min").notNull().default("0"),
    cardinalityMax: text("cardinality_max").notNull().default("N"),
    posNo: integer("pos_no").notNull().default(0),
    deleted: integer("deleted").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    readonly: integer("readonly").notNull().default(0),
    mergeStrategy: text("merge_strategy"),
  },
  (t) => [uniqueIndex("functional_roles_pattern_name").on(t.patternId, t.name)],
);

/** Pattern variable definitions (GET /api/v1/pattern_variables/:id). */
export const variableDefinitions = pgTable(
  "variable_definitions",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    defaultValue: text("default_value"),
    description: text("description"),
  },
  (t) => [uniqueIndex("variable_definitions_pattern_name").on(t.patternId, t.name)],
);

/**
 * An override of a variable at one scope. The level follows from which ids are
 * set: instance (instance_id), instance_folder (instance_folder_id), else project.
 */
export const variableOverrides = pgTable(
  "variable_overrides",
  {
    id: id(),
    variableId: integer("variable_id")
      .notNull()
      .references(() => variableDefinitions.id, { onDelete: "cascade" }),
    projectId: integer("project_id").notNull(),
    instanceFolderId: integer("instance_folder_id"),
    instanceId: integer("instance_id"),
    value: text("value"),
  },
  (t) => [
    uniqueIndex("variable_overrides_scope").on(
      t.variableId,
      t.projectId,
      t.instanceFolderId,
      t.instanceId,
    ),
    index("variable_overrides_project").on(t.projectId),
    index("variable_overrides_instance").on(t.instanceId),
  ],
);

export const templates = pgTable(
  "templates",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    /** LiquidJS template of the rendered file's path. */
    path: text("path").notNull(),
    body: text("body").notNull(),
    posNo: integer("pos_no").notNull().default(0),
  },
  (t) => [index("templates_pattern").on(t.patternId)],
);

export const deployments = pgTable(
  "deployments",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    /** `directory` or `sql` (docs/reference/rules.md §10). */
    kind: text("kind").notNull(),
    /** JSON object: kind-specific settings, e.g. `{ "target": "./out" }`. */
    config: text("config").notNull().default("{}"),
  },
  (t) => [uniqueIndex("deployments_pattern_name").on(t.patternId, t.name)],
);

/**
 * Named snippets of a pattern: LiquidJS its templates use with
 * `{% render 'name' %}` (docs/patterns-authoring.md).
 */
export const patternSnippets = pgTable(
  "pattern_snippets",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    name: text("name").notNull(),
    body: text("body").notNull(),
  },
  (t) => [uniqueIndex("pattern_snippets_pattern_name").on(t.patternId, t.name)],
);

/**
 * One saved version of a pattern (docs/patterns-authoring.md): its whole
 * definition in the bundle's pattern shape, as JSON, with who and when.
 */
export const patternVersions = pgTable(
  "pattern_versions",
  {
    id: id(),
    patternId: integer("pattern_id")
      .notNull()
      .references(() => patterns.id),
    version: integer("version").notNull(),
    definition: text("definition").notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("pattern_versions_pattern_version").on(t.patternId, t.version)],
);
