import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getFolder } from "@metabuild/contract/operations";
import { listFolders } from "@metabuild/contract/operations";

const base = "/api/v1/instance_folders";

export function instanceFolderRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listFolders, async ({ query }, c) =>
    sendList(c, await c.var.services.folders.list(c.var.principal, query)),
  );
  mount(app, base, getFolder, async ({ params }, c) =>
    c.json(await c.var.services.folders.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
