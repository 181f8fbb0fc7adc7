import { z } from "zod";

/** The FeathersJS-shaped error body every failure answers with (docs/reference/rules.md §3). */
export const ErrorBody = z
  .object({
    name: z.string(),
    message: z.string(),
    code: z.number().int(),
    className: z.string(),
    data: z.unknown().optional(),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A query-string boolean: exactly `true` or `false`. */
export const queryBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");

/** A non-negative integer given as text (path or query). */
export const queryInt = z
  .union([z.string(), z.number()], { error: "must be a non-negative integer" })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,15}$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "must be a non-negative integer" });
      return z.NEVER;
    }
    return Number(s);
  });

export const IdParam = z.object({ id: queryInt });

/** A string or a list of strings (qs gives either). */
export const stringList = z
  .union([z.string(), z.array(z.string()), z.record(z.string(), z.string())], {
    error: "must be a name or a list of names",
  })
  .transform((v) => (typeof v === "string" ? [v] : Array.isArray(v) ? v : Object.values(v)));

/** `releases` as `{ group: release }`, from qs brackets or a JSON text. */
export const releaseMap = z
  .union([z.string(), z.record(z.string(), z.string())], {
    error: "must map release group names to release names",
  })
  .transform((v, ctx) => {
    if (typeof v !== "string") return v;
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        const entries = Object.entries(parsed as Record<string, unknown>);
        if (entries.every(([, r]) => typeof r === "string"))
          return Object.fromEntries(entries) as Record<string, string>;
      }
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: "custom", message: "must map release group names to release names" });
    return z.NEVER;
  });

/** `$limit`, `$skip`, `$sort[field]=1|-1` of every list (docs/reference/rules.md §3). */
export const Paging = z.object({
  $limit: queryInt.optional(),
  $skip: queryInt.optional(),
  $sort: z
    .record(z.string(), z.enum(["1", "-1"], { error: "must be 1 or -1" }))
    .transform((r) => Object.entries(r).map(([field, dir]) => ({ field, desc: dir === "-1" })))
    .optional(),
});
export type Paging = z.infer<typeof Paging>;

/**
 * Exactly one of `project` (name) and `project_id`. An empty value counts as
 * not given (`project_id=` like `project=`), so a form or client that sends
 * the empty field gets docs/reference/endpoints.md's "A project id or name is required!".
 */
export const ProjectRef = z.object({
  project: z.string().optional(),
  project_id: z.preprocess((v) => (v === "" ? undefined : v), queryInt.optional()),
});
export type ProjectRef = z.infer<typeof ProjectRef>;

export const flag = z.boolean();
