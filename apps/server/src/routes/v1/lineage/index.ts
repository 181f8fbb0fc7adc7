import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { getLineage } from "./get.ts";

const base = "/api/v1/lineage";

export function lineageRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, getLineage, async ({ query }, c) =>
    c.json(await c.var.services.lineage.graph(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
