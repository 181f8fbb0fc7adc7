import { z } from "zod";
import { Paging, ProjectRef, queryBoolean, queryInt, releaseMap, stringList } from "./common.ts";

/** An instance as GET /api/v1/instances lists it (docs/reference/endpoints.md "Instance (list form)"). */
export const InstanceListItem = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    name: z.string(),
    project_id: z.number().int(),
    pattern_id: z.number().int(),
    errors: z.number().int(),
    instance_folder_id: z.number().int(),
    version: z.number().int(),
    description: z.string().nullable(),
    release_id: z.number().int().nullable(),
    identity_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    latest_commit_id: z.number().int().nullable(),
    labels: z.array(z.string()),
    checked_out: z.boolean(),
    deleted: z.boolean(),
    upload_disabled: z.boolean(),
    insert_disabled: z.boolean(),
    build_disabled: z.boolean(),
    edit_disabled: z.boolean(),
    invalid: z.boolean(),
    folder: z.string().meta({ description: "Folder path, starting with `/`" }),
  })
  .meta({ id: "InstanceListItem" });
export type InstanceListItem = z.infer<typeof InstanceListItem>;

/** One metadata row keyed by exactly the detail form's `header` names. */
export const InstanceRowValues = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type InstanceRowValues = z.infer<typeof InstanceRowValues>;

/** GET /api/v1/instances/:id as JSON (docs/reference/endpoints.md "Instance (detail form, JSON)"). */
export const InstanceDetail = z
  .object({
    instance_id: z.number().int(),
    instance_name: z.string(),
    project_name: z.string(),
    pattern_name: z.string(),
    folder: z.string(),
    header: z.array(z.string()),
    field_details: z.array(InstanceRowValues),
  })
  .meta({ id: "InstanceDetail" });
export type InstanceDetail = z.infer<typeof InstanceDetail>;

/**
 * The filters of an instance search, without the project: the list endpoint
 * and build wildcard entries share them (docs/reference/endpoints.md "Wildcard expansion" rule 5).
 */
export const InstanceFilter = z.object({
  pattern: z.string().optional(),
  pattern_id: queryInt.optional(),
  folder: z.string().optional(),
  /** With `folder`: that folder and every folder below it (issue 14). */
  subfolders: queryBoolean.optional(),
  /** Exact, or a glob when it holds `*` (`*` any run of characters, the rest literal). */
  name: z.string().optional(),
  releases: releaseMap.optional(),
  checked_out: queryBoolean.optional(),
  checked_out_by_user_id: queryInt.optional(),
  /** A user name or e-mail. */
  checked_out_by_user: z.string().optional(),
  deleted: queryBoolean.optional(),
  upload_disabled: queryBoolean.optional(),
  insert_disabled: queryBoolean.optional(),
  build_disabled: queryBoolean.optional(),
  edit_disabled: queryBoolean.optional(),
  invalid: queryBoolean.optional(),
  /** Instances carrying at least one of these labels. */
  labels: stringList.optional(),
});
export type InstanceFilter = z.infer<typeof InstanceFilter>;

/** Query of GET /api/v1/instances: the project, every filter, and paging. */
export const InstanceQuery = Paging.extend(ProjectRef.shape).extend(InstanceFilter.shape);
export type InstanceQuery = z.infer<typeof InstanceQuery>;

/**
 * Instance ids in a query: repeated (`ids[]=1&ids[]=2`) or comma-separated
 * (`ids=1,2`, shorter in a URL).
 */
export const queryIdList = stringList.transform((values, ctx) => {
  const ids: number[] = [];
  for (const part of values.flatMap((v) => v.split(","))) {
    const s = part.trim();
    if (!/^\d{1,15}$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "must be a list of instance ids" });
      return z.NEVER;
    }
    ids.push(Number(s));
  }
  return ids;
});

/**
 * Query of GET /api/console/instances/export: the list's query plus `ids`,
 * which keeps only those instances (the console's "Export selection").
 */
export const InstanceExportQuery = InstanceQuery.extend({ ids: queryIdList.optional() });
export type InstanceExportQuery = z.infer<typeof InstanceExportQuery>;
