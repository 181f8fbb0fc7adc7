import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { metadataHistory } from "@metabuild/contract/operations";
import { metadataRun } from "@metabuild/contract/operations";
import { metadataSchema } from "@metabuild/contract/operations";
import { metadataScriptRoutes } from "./scripts/index.ts";
import { tableLoadRoutes } from "./table-load.ts";

const base = "/api/console/metadata";

export function metadataConsoleRoutes() {
  const app = new Hono<AppEnv>();
  // Before the 405s of `/:id` below, which would take "scripts" for an item.
  app.route("/scripts", metadataScriptRoutes());
  mount(app, base, metadataHistory, async ({ query }, c) =>
    c.json(await c.var.services.metadata.history(c.var.principal, query)),
  );
  mount(app, base, metadataSchema, async ({ query }, c) =>
    c.json(await c.var.services.metadata.schema(c.var.principal, query)),
  );
  mount(app, base, metadataRun, async ({ body: { script_id, ...request } }, c) =>
    c.json(await c.var.services.metadata.executeWithPosition(c.var.principal, request, script_id)),
  );
  app.route("/tables/:name/load", tableLoadRoutes());
  // `/history` and `/schema` are read-only; anything else on them is 405 (`/run` matched above).
  rejectUnsupported(app, { collection: [], item: ["GET"] });
  return app;
}
