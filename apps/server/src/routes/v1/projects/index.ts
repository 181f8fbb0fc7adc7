import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { mount } from "../../../http/operation.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { sendList } from "../../../http/send-list.ts";
import { getProject } from "@metabuild/contract/operations";
import { listProjects } from "@metabuild/contract/operations";

const base = "/api/v1/projects";

export function projectRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listProjects, async ({ query }, c) =>
    sendList(c, await c.var.services.projects.list(c.var.principal, query)),
  );
  mount(app, base, getProject, async ({ params }, c) =>
    c.json(await c.var.services.projects.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
