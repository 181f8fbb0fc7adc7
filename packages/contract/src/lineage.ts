import { z } from "zod";
import { ProjectRef, queryInt } from "./common.ts";

/** Query of GET /api/v1/lineage (docs/lineage.md "The graph over the API"). */
export const LineageQuery = ProjectRef.extend({
  /** The instance the walk starts from; without it, the whole project. */
  instance_id: queryInt.optional(),
  direction: z
    .enum(["upstream", "downstream", "both"], { error: "must be upstream, downstream or both" })
    .optional(),
  /** At most this many edges away from `instance_id`; no bound when left out. */
  depth: queryInt.refine((n) => n >= 1, { message: "must be a positive integer" }).optional(),
});
export type LineageQuery = z.infer<typeof LineageQuery>;

export const LineageNode = z
  .object({
    id: z.number().int(),
    pattern: z.string(),
    folder: z.string(),
    name: z.string(),
    /** No validation errors (false also when a reference of it dangles). */
    valid: z.boolean(),
    deleted: z.boolean(),
    build_disabled: z.boolean(),
  })
  .meta({ id: "LineageNode" });
export type LineageNode = z.infer<typeof LineageNode>;

export const LineageEdge = z
  .object({
    /** The referenced instance (upstream). */
    from: z.number().int(),
    /** The instance whose row holds the reference (downstream). */
    to: z.number().int(),
    /** The reference property of `to`'s pattern. */
    property: z.string(),
    /** The @POS_NO of the row of `to` holding the reference. */
    to_pos_no: z.number().int(),
    /** The row of `from` a column-level reference (`PATTERN:/folder/NAME#ROW`) names, else null. */
    from_row: z.string().nullable(),
  })
  .meta({ id: "LineageEdge" });
export type LineageEdge = z.infer<typeof LineageEdge>;

export const LineageGraph = z
  .object({ nodes: z.array(LineageNode), edges: z.array(LineageEdge) })
  .meta({ id: "LineageGraph" });
export type LineageGraph = z.infer<typeof LineageGraph>;
