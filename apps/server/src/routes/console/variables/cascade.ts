import { getVariableCascade } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";

const base = "/api/console/variables/cascade";

export function variableCascadeRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, getVariableCascade, async ({ query }, c) =>
    c.json(await c.var.services.variableCascade.tree(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
