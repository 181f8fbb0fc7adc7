import { z } from "zod";
import { ProjectRef } from "./common.ts";

/** Query of GET /api/console/instances/invalid-names: the project, by name or id. */
export const InvalidNamesQuery = ProjectRef;
export type InvalidNamesQuery = z.infer<typeof InvalidNamesQuery>;

/** An instance whose stored name breaks its pattern's rule (docs/instance-names.md). */
export const InvalidInstanceName = z
  .object({
    id: z.number().int(),
    pattern: z.string(),
    folder: z.string(),
    name: z.string(),
    /** Why it breaks the rule: `must match ^[A-Za-z_][A-Za-z0-9_]*$ (…)`. */
    reason: z.string(),
  })
  .meta({ id: "InvalidInstanceName" });
export type InvalidInstanceName = z.infer<typeof InvalidInstanceName>;

export const InvalidInstanceNames = z
  .object({ items: z.array(InvalidInstanceName) })
  .meta({ id: "InvalidInstanceNames" });
export type InvalidInstanceNames = z.infer<typeof InvalidInstanceNames>;
