import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getPattern } from "@metabuild/contract/operations";
import { listPatterns } from "@metabuild/contract/operations";

const base = "/api/v1/patterns";

export function patternRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listPatterns, async ({ query }, c) =>
    sendList(c, await c.var.services.patterns.list(c.var.principal, query)),
  );
  mount(app, base, getPattern, async ({ params }, c) =>
    c.json(await c.var.services.patterns.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
