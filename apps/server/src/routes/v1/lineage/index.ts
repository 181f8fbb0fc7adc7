import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { getLineage } from "@metabuild/contract/operations";

const base = "/api/v1/lineage";

export function lineageRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, getLineage, async ({ query }, c) => {
    const graph = await c.var.services.lineage.graph(c.var.principal, query);
    return "json" in graph
      ? c.body(graph.json, 200, { "Content-Type": "application/json" })
      : c.json(graph);
  });
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
