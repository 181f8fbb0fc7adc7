import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { createBuild } from "@metabuild/contract/operations";
import { getBuild } from "@metabuild/contract/operations";
import { listBuilds } from "@metabuild/contract/operations";

const base = "/api/v1/builds";

export function buildRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listBuilds, async ({ query }, c) =>
    sendList(c, await c.var.services.builds.list(c.var.principal, query)),
  );
  mount(app, base, getBuild, async ({ params }, c) =>
    c.json(await c.var.services.builds.get(c.var.principal, params.id)),
  );
  mount(app, base, createBuild, async ({ body }, c) =>
    c.json(await c.var.services.builds.create(c.var.principal, body), 201),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}
