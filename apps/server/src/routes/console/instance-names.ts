import { listInvalidInstanceNames } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";

const base = "/api/console/instances/invalid-names";

export function instanceNameRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listInvalidInstanceNames, async ({ query }, c) =>
    c.json(await c.var.services.instanceNames.invalid(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
