import { z } from "zod";
import { Paging, ProjectRef, queryInt } from "./common.ts";

/** A folder of a project's instance tree (docs/reference/rules.md §10a). */
export const InstanceFolder = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    path: z.string().meta({ description: "Full path, `/` for the root" }),
  })
  .meta({ id: "InstanceFolder" });
export type InstanceFolder = z.infer<typeof InstanceFolder>;

export const InstanceFolderQuery = Paging.extend(ProjectRef.shape).extend({
  path: z.string().optional(),
  parent_id: queryInt.optional(),
  name: z.string().optional(),
});
export type InstanceFolderQuery = z.infer<typeof InstanceFolderQuery>;
