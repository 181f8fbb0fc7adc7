import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getPatternVariable } from "@metabuild/contract/operations";
import { listPatternVariables } from "@metabuild/contract/operations";

const base = "/api/v1/pattern_variables";

export function patternVariableRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listPatternVariables, async ({ query }, c) =>
    sendList(c, await c.var.services.variables.list(c.var.principal, query)),
  );
  mount(app, base, getPatternVariable, async ({ params }, c) =>
    c.json(await c.var.services.variables.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
