import { searchNames } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";

const path = "/api/console/search";

export function searchRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, path, searchNames, async ({ query }, c) =>
    c.json({ hits: await c.var.services.search.search(c.var.principal, query) }),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
