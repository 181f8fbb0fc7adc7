import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getDeployment } from "@metabuild/contract/operations";
import { listDeployments } from "@metabuild/contract/operations";

const base = "/api/v1/deployments";

export function deploymentRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listDeployments, async ({ query }, c) =>
    sendList(c, await c.var.services.deployments.list(c.var.principal, query)),
  );
  mount(app, base, getDeployment, async ({ params }, c) =>
    c.json(await c.var.services.deployments.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
