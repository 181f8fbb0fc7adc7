import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { createProject } from "@metabuild/contract/operations";
import { updateProject } from "@metabuild/contract/operations";

const base = "/api/console/projects";

/** Console: create, rename, disable and enable projects (docs/folders-and-projects.md). */
export function projectWriteRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, createProject, async ({ body }, c) =>
    c.json(await c.var.services.projectWrites.create(c.var.principal, body), 201),
  );
  mount(app, base, updateProject, async ({ params, body }, c) =>
    c.json(await c.var.services.projectWrites.update(c.var.principal, params.id, body)),
  );
  rejectUnsupported(app, { collection: ["POST"], item: ["PATCH"] });
  return app;
}
