import { z } from "zod";
import { queryBoolean } from "./common.ts";

/** What a plan lists, in the order the console shows it (docs/bundles.md, "Over HTTP"). */
export const BUNDLE_PLAN_KINDS = [
  "customer",
  "release_group",
  "user",
  "pattern",
  "project",
  "folder",
  "table",
  "script",
  "view",
  "instance",
  "agent_group",
] as const;
export type BundlePlanKind = (typeof BUNDLE_PLAN_KINDS)[number];

export const BUNDLE_PLAN_ACTIONS = ["created", "changed", "removed"] as const;
export type BundlePlanAction = (typeof BUNDLE_PLAN_ACTIONS)[number];

/**
 * One field of an item, as display text: `before` null when the field (or
 * list entry) is new, `after` null when the import removes it. Passwords and
 * secrets are never given, only `(set)` / `(changed)`.
 */
export const BundlePlanChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type BundlePlanChange = z.infer<typeof BundlePlanChange>;

export const BundlePlanItem = z.object({
  kind: z.enum(BUNDLE_PLAN_KINDS),
  /** The item's key: a name, an e-mail, a folder path, `PATTERN /folder/NAME` for an instance. */
  name: z.string(),
  /** The project of a folder, table or instance. */
  project: z.string().optional(),
  action: z.enum(BUNDLE_PLAN_ACTIONS),
  /** Field-level changes (a changed item; a created one lists what it is created with). */
  changes: z.array(BundlePlanChange),
  /** Changes beyond those listed (the list is capped). */
  more_changes: z.number().int().optional(),
});
export type BundlePlanItem = z.infer<typeof BundlePlanItem>;

export const BundlePlanCount = z.object({
  kind: z.enum(BUNDLE_PLAN_KINDS),
  created: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});
export type BundlePlanCount = z.infer<typeof BundlePlanCount>;

export const BundlePlanCustomer = z.object({
  customer: z.string(),
  counts: z.array(BundlePlanCount),
  /** Created, changed and removed items only; unchanged ones are only counted. */
  items: z.array(BundlePlanItem),
});
export type BundlePlanCustomer = z.infer<typeof BundlePlanCustomer>;

/** Credentials an applied import generated for agents named without them: shown this once. */
export const BundleGeneratedAgent = z.object({
  customer: z.string(),
  group: z.string(),
  name: z.string(),
  agent_id: z.string().optional(),
  secret: z.string().optional(),
});

/** The answer of POST /api/console/bundles, with or without dry_run. */
export const BundlePlan = z
  .object({
    dry_run: z.boolean(),
    /** True when the import was written (never for a dry run). */
    applied: z.boolean(),
    customers: z.array(BundlePlanCustomer),
    instances: z.object({
      inserted: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
    }),
    generated_agents: z.array(BundleGeneratedAgent),
  })
  .meta({ id: "BundlePlan" });
export type BundlePlan = z.infer<typeof BundlePlan>;

export const BundleImportQuery = z.strictObject({ dry_run: queryBoolean.optional() });

/** `project` (a name): that project's bundle; without it the whole customer (admins). */
export const BundleExportQuery = z.strictObject({ project: z.string().min(1).optional() });
