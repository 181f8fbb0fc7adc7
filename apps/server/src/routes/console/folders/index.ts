import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { createFolder } from "@metabuild/contract/operations";
import { moveFolder } from "@metabuild/contract/operations";
import { removeFolder } from "@metabuild/contract/operations";

const base = "/api/console/folders";

/** Console: create, rename/move and delete folders (docs/folders-and-projects.md). */
export function folderWriteRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, createFolder, async ({ body }, c) =>
    c.json(await c.var.services.folderWrites.create(c.var.principal, body), 201),
  );
  mount(app, base, moveFolder, async ({ body }, c) =>
    c.json(await c.var.services.folderWrites.move(c.var.principal, body)),
  );
  mount(app, base, removeFolder, async ({ query }, c) =>
    c.json(await c.var.services.folderWrites.remove(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["POST", "PATCH", "DELETE"] });
  return app;
}
