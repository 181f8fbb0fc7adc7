import { z } from "zod";

/** A template of a pattern: LiquidJS for the rendered file's path and its body (docs/reference/rules.md §6). */
export const PatternTemplate = z
  .object({
    id: z.number().int(),
    pattern_id: z.number().int(),
    path: z.string().meta({ description: "LiquidJS template of the rendered file's path" }),
    body: z.string().meta({ description: "LiquidJS template of the file's content" }),
    pos_no: z.number().int(),
  })
  .meta({ id: "PatternTemplate" });
export type PatternTemplate = z.infer<typeof PatternTemplate>;
