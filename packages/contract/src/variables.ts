import { z } from "zod";
import { Paging, queryInt } from "./common.ts";
import { PatternRef } from "./patterns.ts";

export const PatternVariableLevel = z.enum(["default", "project", "instance_folder", "instance"]);
export type PatternVariableLevel = z.infer<typeof PatternVariableLevel>;

/**
 * docs/reference/endpoints.md "Pattern variable": a definition's value resolved for one scope; the
 * scope ids say where the value is defined (docs/reference/rules.md §7).
 */
export const PatternVariable = z
  .object({
    pattern_variable_id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
    value: z.string().nullable(),
    level: PatternVariableLevel,
    project_id: z.number().int().nullable(),
    instance_folder_id: z.number().int().nullable(),
    instance_folder: z.string().nullable().meta({ description: "Folder path" }),
    instance_id: z.number().int().nullable(),
  })
  .meta({ id: "PatternVariable" });
export type PatternVariable = z.infer<typeof PatternVariable>;

/** GET /api/v1/pattern_variables/:id: the definition itself. */
export const PatternVariableDefinition = z
  .object({
    id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
    default_value: z.string().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: "PatternVariableDefinition" });
export type PatternVariableDefinition = z.infer<typeof PatternVariableDefinition>;

/** Scope (project, folder, instance) plus filters on the resolved entries. */
export const PatternVariableQuery = Paging.extend(PatternRef.shape).extend({
  project: z.string().optional(),
  project_id: queryInt.optional(),
  instance_folder: z.string().optional().meta({ description: "Folder path; needs a project" }),
  instance_folder_id: queryInt.optional(),
  instance: z.string().optional().meta({ description: "Instance name; needs a project" }),
  instance_id: queryInt.optional(),
  name: z.string().optional(),
  value: z.string().optional(),
});
export type PatternVariableQuery = z.infer<typeof PatternVariableQuery>;

/**
 * Where a value is set (docs/pattern-variables.md "Setting values"): the
 * project, one of its folders (`folder`, a path) or one instance
 * (`instance_id`); neither names the project level.
 */
const VariableValuePlace = z.object({
  project: z.string().optional(),
  project_id: queryInt.optional(),
  pattern: z.string().optional(),
  pattern_id: queryInt.optional(),
  variable: z.string().min(1, "must not be empty"),
  folder: z.string().max(1000).optional().meta({ description: "Folder path such as `/raw/crm`" }),
  instance_id: queryInt.optional(),
});

/**
 * DELETE /api/console/variable_values: the place, as query parameters.
 * Strict: an unknown key (e.g. GET's `instance_folder`) would otherwise be
 * dropped and silently name the project level.
 */
export const VariableValueRef = VariableValuePlace.strict();
export type VariableValueRef = z.infer<typeof VariableValueRef>;

/** PUT /api/console/variable_values: the place and the value (any text, "" included). */
export const VariableValueSet = VariableValuePlace.extend({
  value: z.string(),
}).strict();
export type VariableValueSet = z.infer<typeof VariableValueSet>;
