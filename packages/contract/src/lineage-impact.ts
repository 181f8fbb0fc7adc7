import { z } from "zod";

const ImpactInstance = z.object({
  id: z.number().int(),
  pattern: z.string(),
  folder: z.string(),
  name: z.string(),
});

/** What a change would do downstream, nothing written (docs/lineage.md "Impact"). */
export const LineageImpact = z
  .object({
    /** Instances whose rendered files would change (their own variables or what they reference). */
    changed: z.array(
      ImpactInstance.extend({
        files: z.number().int().meta({ description: "How many of its files change" }),
      }),
    ),
    /** Instances that would become invalid. */
    invalid: z.array(ImpactInstance),
    /** Deployment definitions of the patterns whose files change: what a redeploy runs. */
    deployments: z.array(z.object({ id: z.number().int(), pattern: z.string(), name: z.string() })),
    /** `diff -u` of one changed file of the first changed instance; null when nothing changes. */
    sample: z
      .object({ instance_id: z.number().int(), path: z.string(), diff: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: "LineageImpact" });
export type LineageImpact = z.infer<typeof LineageImpact>;
