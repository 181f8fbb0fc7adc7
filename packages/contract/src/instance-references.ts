import { z } from "zod";

/** GET /api/console/instances/:id/reference-candidates: what a reference cell may point to. */
export const ReferenceCandidatesQuery = z.object({
  /** The reference property whose allowed patterns are searched. */
  column: z.string().min(1),
  /** Part of the target's name (case-insensitive); empty lists the first ones. */
  q: z.string().max(200).default(""),
});
export type ReferenceCandidatesQuery = z.infer<typeof ReferenceCandidatesQuery>;

export const ReferenceCandidates = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        /** The cell text that points to it (docs/lineage.md "The cell"). */
        text: z.string(),
        pattern: z.string(),
        folder: z.string(),
        name: z.string(),
      }),
    ),
  })
  .meta({ id: "ReferenceCandidates" });
export type ReferenceCandidates = z.infer<typeof ReferenceCandidates>;
