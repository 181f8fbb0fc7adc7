import { z } from "zod";
import { queryInt } from "./common.ts";
import { InstanceRowValues } from "./instances.ts";

/** One validation error at a cell; `row` is the 0-based row index, -1 for a whole column. */
export const CellIssue = z
  .object({ row: z.number().int(), column: z.string(), message: z.string() })
  .meta({ id: "CellIssue" });
export type CellIssue = z.infer<typeof CellIssue>;

/** Who holds a live checkout of an instance. */
export const CheckoutHolder = z
  .object({ user_id: z.number().int(), email: z.string(), since: z.string() })
  .meta({ id: "CheckoutHolder" });
export type CheckoutHolder = z.infer<typeof CheckoutHolder>;

/** One editable column of the editor: a pattern property or functional role, in header order. */
export const EditorColumn = z
  .object({
    name: z.string(),
    kind: z.enum(["property", "role"]),
    /** Properties only (`string`, `integer`, …); null for roles. */
    datatype: z.string().nullable(),
    /** A `reference` property's allowed patterns (docs/lineage.md); absent otherwise. */
    references: z.array(z.string()).optional(),
    /** A property every row needs; a role with a minimum cardinality above 0. */
    required: z.boolean(),
    description: z.string().nullable(),
    /** Roles only, as `min..max` (e.g. `1..N`); null for properties. */
    cardinality: z.string().nullable(),
  })
  .meta({ id: "EditorColumn" });
export type EditorColumn = z.infer<typeof EditorColumn>;

/** GET /api/console/instances/:id/editing: everything the instance editor shows. */
export const InstanceEditing = z
  .object({
    instance_id: z.number().int(),
    instance_name: z.string(),
    project_id: z.number().int(),
    project_name: z.string(),
    pattern_id: z.number().int(),
    pattern_name: z.string(),
    folder: z.string(),
    version: z.number().int(),
    description: z.string().nullable(),
    labels: z.array(z.string()),
    /** The pattern's release group (null: none) and the instance's release in it. */
    release_group: z.string().nullable(),
    release: z.string().nullable(),
    /** The releases of that group, the choices for `release`. */
    releases: z.array(z.string()),
    header: z.array(z.string()),
    /** The header's properties and roles (without `@POS_NO`), with their rules. */
    columns: z.array(EditorColumn),
    rows: z.array(InstanceRowValues),
    issues: z.array(CellIssue),
    deleted: z.boolean(),
    upload_disabled: z.boolean(),
    insert_disabled: z.boolean(),
    build_disabled: z.boolean(),
    edit_disabled: z.boolean(),
    checkout: CheckoutHolder.nullable(),
    /** Why the current user may not edit now (null when they may). */
    read_only_reason: z.string().nullable(),
  })
  .meta({ id: "InstanceEditing" });
export type InstanceEditing = z.infer<typeof InstanceEditing>;

/**
 * The version a change of an existing instance is based on (the one the user
 * saw). Required, here or as the `If-Match` header: a newer one answers 409.
 */
export const BaseVersion = z.number().int().positive();

/** PUT …/rows and POST …/checkin: the rows in their new order (`@POS_NO` is ignored). */
export const InstanceRowsSave = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Why: shown in the version history. */
  message: z.string().max(1000).optional(),
  base_version: BaseVersion.optional(),
});
export type InstanceRowsSave = z.infer<typeof InstanceRowsSave>;

/** POST …/validate: the issues these rows would have if saved (nothing is stored). */
export const InstanceRowsCheck = z
  .object({ issues: z.array(CellIssue) })
  .meta({ id: "InstanceRowsCheck" });
export type InstanceRowsCheck = z.infer<typeof InstanceRowsCheck>;

export const InstanceCheckin = z.object({
  rows: InstanceRowsSave.shape.rows.optional(),
  message: InstanceRowsSave.shape.message,
  /** Needed with `rows` (they are a change). */
  base_version: BaseVersion.optional(),
});
export type InstanceCheckin = z.infer<typeof InstanceCheckin>;

export const InstanceVersion = z
  .object({
    version: z.number().int(),
    source: z.string(),
    user_id: z.number().int().nullable(),
    user: z.string().nullable(),
    message: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "InstanceVersion" });
export type InstanceVersion = z.infer<typeof InstanceVersion>;

export const InstanceVersionList = z.object({ data: z.array(InstanceVersion) });
export type InstanceVersionList = z.infer<typeof InstanceVersionList>;

/** GET …/versions/:version: the rows as that version left them, keyed by today's header. */
export const InstanceVersionRows = InstanceVersion.extend({
  header: z.array(z.string()),
  rows: z.array(InstanceRowValues),
}).meta({ id: "InstanceVersionRows" });
export type InstanceVersionRows = z.infer<typeof InstanceVersionRows>;

export const InstanceVersionParams = z.object({ id: queryInt, version: queryInt });

/** POST …/versions/:version/restore: based on the current version the user saw. */
export const InstanceRestore = z.object({ base_version: BaseVersion.optional() });
export type InstanceRestore = z.infer<typeof InstanceRestore>;

/** What a save did: UPDATED with the new version, or UNCHANGED when the rows were identical. */
export const InstanceSaveOutcome = z
  .object({
    id: z.number().int(),
    name: z.string(),
    folder: z.string(),
    status: z.enum(["INSERTED", "UPDATED", "SKIPPED", "UNCHANGED"]),
    version: z.number().int(),
  })
  .meta({ id: "InstanceSaveOutcome" });
export type InstanceSaveOutcome = z.infer<typeof InstanceSaveOutcome>;

/** POST /api/console/instances: a new, empty instance, checked out to its creator. */
export const InstanceCreate = z.object({
  project_id: z.number().int().positive(),
  pattern_id: z.number().int().positive(),
  /**
   * Folder path such as `/raw/crm`; missing folders are created. Its length
   * and the name's are checked by the server against its configured limits
   * (docs/limits.md), the same for every way in; DEFAULT_WRITE_LIMITS are the
   * defaults, which the console's fields use.
   */
  folder: z.string(),
  name: z.string().trim().min(1, "name must not be empty"),
  description: z.string().max(4000).nullable().optional(),
});
export type InstanceCreate = z.infer<typeof InstanceCreate>;

/** POST /api/console/instances/:id/copy: the same pattern, rows, description and labels under a new name. */
export const InstanceCopy = z.object({
  folder: InstanceCreate.shape.folder,
  name: InstanceCreate.shape.name,
});
export type InstanceCopy = z.infer<typeof InstanceCopy>;

/** Flags to set (true) or clear (false); those left out stay as they are. */
const FlagChanges = z
  .object({
    deleted: z.boolean(),
    upload_disabled: z.boolean(),
    insert_disabled: z.boolean(),
    build_disabled: z.boolean(),
    edit_disabled: z.boolean(),
  })
  .partial()
  .strict();
const LabelNames = z.array(z.string().trim().min(1).max(200)).max(100);

/** PATCH /api/console/instances/:id: what the editor's Details dialog changes (a new version). */
export const InstanceDetailsSave = z.object({
  /** "" clears it (a JSON null counts as a missing field, docs/reference/rules.md §3). */
  description: z.string().max(4000).nullable().optional(),
  /** The instance's labels, all of them (an empty list removes every label). */
  labels: LabelNames.optional(),
  /** A release of the pattern's release group; "" takes the instance out of its release. */
  release: z.string().max(200).nullable().optional(),
  flags: FlagChanges.optional(),
  /** Delete even when other instances reference this one (docs/lineage.md "Deleting a target"). */
  force: z.boolean().optional(),
  message: InstanceRowsSave.shape.message,
  base_version: BaseVersion.optional(),
});
export type InstanceDetailsSave = z.infer<typeof InstanceDetailsSave>;

/** POST /api/console/instances/bulk: the same change to many instances of one project. */
export const InstanceBulkChange = z.object({
  project_id: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).min(1, "ids must name at least one instance").max(1000),
  labels_add: LabelNames.optional(),
  labels_remove: LabelNames.optional(),
  flags: FlagChanges.optional(),
  /** Delete even when other instances reference them (docs/lineage.md "Deleting a target"). */
  force: z.boolean().optional(),
  message: InstanceRowsSave.shape.message,
  /** The version of each id the change is based on, keyed by id: a newer one makes the whole change 409. */
  base_versions: z.record(z.string(), BaseVersion),
});
export type InstanceBulkChange = z.infer<typeof InstanceBulkChange>;

/** Per instance: UPDATED (a new version), UNCHANGED, or SKIPPED with the reason. */
export const InstanceBulkOutcome = z
  .object({
    instances: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        folder: z.string(),
        status: z.enum(["UPDATED", "UNCHANGED", "SKIPPED"]),
        version: z.number().int(),
        reason: z.string().optional(),
      }),
    ),
  })
  .meta({ id: "InstanceBulkOutcome" });
export type InstanceBulkOutcome = z.infer<typeof InstanceBulkOutcome>;
