import { z } from "zod";
import { Paging, queryInt } from "./common.ts";

/** A customer-wide group of releases; a pattern belongs to at most one (docs/reference/rules.md §5). */
export const ReleaseGroup = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "ReleaseGroup" });
export type ReleaseGroup = z.infer<typeof ReleaseGroup>;

export const ReleaseGroupQuery = Paging.extend({ name: z.string().optional() });
export type ReleaseGroupQuery = z.infer<typeof ReleaseGroupQuery>;

export const Release = z
  .object({
    id: z.number().int(),
    release_group_id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "Release" });
export type Release = z.infer<typeof Release>;

export const ReleaseQuery = Paging.extend({
  /** Release group name. */
  release_group: z.string().optional(),
  release_group_id: queryInt.optional(),
  name: z.string().optional(),
});
export type ReleaseQuery = z.infer<typeof ReleaseQuery>;
