import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { createBuildDeployment } from "@metabuild/contract/operations";
import { getBuildDeployment } from "@metabuild/contract/operations";
import { listBuildDeployments } from "@metabuild/contract/operations";

const base = "/api/v1/build_deployments";

export function buildDeploymentRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listBuildDeployments, async ({ query }, c) =>
    sendList(c, await c.var.services.buildDeployments.list(c.var.principal, query)),
  );
  mount(app, base, getBuildDeployment, async ({ params }, c) =>
    c.json(await c.var.services.buildDeployments.get(c.var.principal, params.id)),
  );
  mount(app, base, createBuildDeployment, async ({ body }, c) =>
    c.json(await c.var.services.buildDeployments.create(c.var.principal, body), 201),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}
