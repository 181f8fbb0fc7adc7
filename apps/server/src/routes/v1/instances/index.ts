import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getInstance } from "./get.ts";
import { listInstances } from "./list.ts";

const base = "/api/v1/instances";

export function instanceRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listInstances, ({ query }, c) =>
    sendList(c, c.var.services.instances.list(c.var.principal, query)),
  );
  mount(app, base, getInstance, ({ params }, c) =>
    c.json(c.var.services.instances.detail(c.var.principal, params.id)),
  );
  // POST (spreadsheet upload) is mounted next to these by its own operation.
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}
