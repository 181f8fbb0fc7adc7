import { z } from "zod";
import { queryInt } from "./common.ts";

export const VariableCascadeQuery = z.object({
  project_id: queryInt,
  pattern_id: queryInt,
  name: z.string().min(1),
});
export type VariableCascadeQuery = z.infer<typeof VariableCascadeQuery>;

const Level = z.enum(["default", "project", "instance_folder", "instance"]);

/** A value a node could take and where it is set (`defined_at`: project name, folder or instance path). */
export const CascadeLink = z.object({
  level: Level,
  value: z.string().nullable(),
  defined_at: z.string(),
});
export type CascadeLink = z.infer<typeof CascadeLink>;

/** One node of the tree project → folders → instances with its effective value. */
export const CascadeNode = z
  .object({
    kind: z.enum(["project", "folder", "instance"]),
    id: z.number().int(),
    name: z.string(),
    /** Folder path, or the instance's full path; the project's name for the project. */
    path: z.string(),
    /** The parent node's path (null for the project). */
    parent: z.string().nullable(),
    value: z.string().nullable(),
    level: Level,
    defined_at: z.string(),
    /** True when the value is set at this very node. */
    set_here: z.boolean(),
    /** The winner first, then the values it overrides, down to the default. */
    chain: z.array(CascadeLink),
  })
  .meta({ id: "CascadeNode" });
export type CascadeNode = z.infer<typeof CascadeNode>;

export const VariableCascade = z
  .object({
    project_id: z.number().int(),
    project_name: z.string(),
    pattern_id: z.number().int(),
    pattern_name: z.string(),
    variable_id: z.number().int(),
    name: z.string(),
    default_value: z.string().nullable(),
    nodes: z.array(CascadeNode),
  })
  .meta({ id: "VariableCascade" });
export type VariableCascade = z.infer<typeof VariableCascade>;
