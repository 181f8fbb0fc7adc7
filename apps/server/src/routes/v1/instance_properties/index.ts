import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getInstanceProperty } from "@metabuild/contract/operations";
import { listInstanceProperties } from "@metabuild/contract/operations";

const base = "/api/v1/instance_properties";

export function instancePropertyRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listInstanceProperties, async ({ query }, c) =>
    sendList(c, await c.var.services.patterns.listProperties(c.var.principal, query)),
  );
  mount(app, base, getInstanceProperty, async ({ params }, c) =>
    c.json(await c.var.services.patterns.getProperty(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
