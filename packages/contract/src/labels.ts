import { z } from "zod";
import { Paging, ProjectRef } from "./common.ts";

/** A label of a project; instances carry labels by name. */
export const Label = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "Label" });
export type Label = z.infer<typeof Label>;

export const LabelQuery = Paging.extend(ProjectRef.shape).extend({
  name: z.string().optional(),
});
export type LabelQuery = z.infer<typeof LabelQuery>;
