import { listPatternTemplates } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";

const base = "/api/console/patterns/:id/templates";

export function patternTemplateRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listPatternTemplates, async ({ params }, c) =>
    c.json(await c.var.services.patterns.templates(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
