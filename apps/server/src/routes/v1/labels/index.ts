import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getLabel } from "@metabuild/contract/operations";
import { listLabels } from "@metabuild/contract/operations";

const base = "/api/v1/labels";

export function labelRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listLabels, async ({ query }, c) =>
    sendList(c, await c.var.services.labels.list(c.var.principal, query)),
  );
  mount(app, base, getLabel, async ({ params }, c) =>
    c.json(await c.var.services.labels.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
