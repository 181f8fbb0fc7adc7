import { z } from "zod";
import { Paging, queryInt } from "./common.ts";

/** docs/reference/endpoints.md "Pattern". */
export const Pattern = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.string().meta({ description: "Target platform kind" }),
    vers_no: z.string(),
    status: z.string(),
    active: z.boolean(),
    deleted: z.boolean(),
    disabled: z.boolean(),
    release_group_id: z.number().int().nullable(),
  })
  .meta({ id: "Pattern" });
export type Pattern = z.infer<typeof Pattern>;

export const PatternQuery = Paging.extend({ name: z.string().optional() });
export type PatternQuery = z.infer<typeof PatternQuery>;

/** A pattern by name or id; optional on the lists of pattern-owned resources. */
export const PatternRef = z.object({
  pattern: z.string().optional(),
  pattern_id: queryInt.optional(),
});
export type PatternRef = z.infer<typeof PatternRef>;

/** docs/reference/endpoints.md "Functional role". */
export const FunctionalRole = z
  .object({
    id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
    class: z.string().nullable(),
    domain: z.string().nullable(),
    cardinality_min: z.string(),
    cardinality_max: z.string().meta({ description: "A digit or `N` (unbounded)" }),
    pos_no: z.number().int(),
    deleted: z.boolean(),
    disabled: z.boolean(),
    readonly: z.boolean(),
    merge_strategy: z.string().nullable(),
  })
  .meta({ id: "FunctionalRole" });
export type FunctionalRole = z.infer<typeof FunctionalRole>;

export const FunctionalRoleQuery = Paging.extend(PatternRef.shape);
export type FunctionalRoleQuery = z.infer<typeof FunctionalRoleQuery>;

/** docs/reference/endpoints.md "Instance property". */
export const InstanceProperty = z
  .object({
    id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
    datatype: z.string(),
    /** The patterns a `reference` property may point to; absent for other datatypes. */
    references: z.array(z.string()).optional(),
    format: z.string().nullable(),
    description: z.string().nullable(),
    deleted: z.boolean(),
    required: z.boolean(),
    pos_no: z.number().int(),
  })
  .meta({ id: "InstanceProperty" });
export type InstanceProperty = z.infer<typeof InstanceProperty>;

export const InstancePropertyQuery = Paging.extend(PatternRef.shape);
export type InstancePropertyQuery = z.infer<typeof InstancePropertyQuery>;
