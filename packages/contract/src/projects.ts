import { z } from "zod";
import { Paging } from "./common.ts";

export const Project = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deleted: z.boolean(),
    disabled: z.boolean(),
  })
  .meta({ id: "Project" });
export type Project = z.infer<typeof Project>;

export const ProjectQuery = Paging.extend({ name: z.string().optional() });
export type ProjectQuery = z.infer<typeof ProjectQuery>;
