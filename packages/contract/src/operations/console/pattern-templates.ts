import { IdParam, PatternTemplate } from "../../index.ts";
import { z } from "zod";
import { defineOperation } from "../operation.ts";

const base = "/api/console/patterns/:id/templates";

export const listPatternTemplates = defineOperation({
  method: "get",
  path: base,
  summary: "A pattern's templates (path and body), in render order",
  tags: ["console"],
  params: IdParam,
  response: z.array(PatternTemplate),
  description: "Any user of the pattern's customer may read them, like the pattern itself.",
});
