import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getRelease } from "@metabuild/contract/operations";
import { listReleases } from "@metabuild/contract/operations";

const base = "/api/v1/releases";

export function releaseRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listReleases, async ({ query }, c) =>
    sendList(c, await c.var.services.releases.list(c.var.principal, query)),
  );
  mount(app, base, getRelease, async ({ params }, c) =>
    c.json(await c.var.services.releases.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
