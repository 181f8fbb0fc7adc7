import { z } from "zod";
import { Paging } from "./common.ts";
import { PatternRef } from "./patterns.ts";

/** docs/reference/endpoints.md "Deployment": other fields of a definition are not part of the interface. */
export const Deployment = z
  .object({
    id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: "Deployment" });
export type Deployment = z.infer<typeof Deployment>;

export const DeploymentQuery = Paging.extend(PatternRef.shape).extend({
  name: z.string().optional(),
});
export type DeploymentQuery = z.infer<typeof DeploymentQuery>;
