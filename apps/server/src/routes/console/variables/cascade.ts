import { VariableCascade, VariableCascadeQuery } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { defineOperation, mount } from "../../../http/operation.ts";

const base = "/api/console/variables/cascade";

export const getVariableCascade = defineOperation({
  method: "get",
  path: base,
  summary: "One pattern variable over a project's tree (cascade viewer)",
  description:
    "Nodes project → folders → the pattern's instances, each with its effective value, the level " +
    "and place it comes from, whether it is set there, and the chain of values it overrides.",
  tags: ["console"],
  query: VariableCascadeQuery,
  response: VariableCascade,
});

export function variableCascadeRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, getVariableCascade, async ({ query }, c) =>
    c.json(await c.var.services.variableCascade.tree(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
