import { IdParam, PatternTemplate } from "@metabuild/contract";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { defineOperation, mount } from "../../http/operation.ts";

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

export function patternTemplateRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listPatternTemplates, async ({ params }, c) =>
    c.json(await c.var.services.patterns.templates(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
