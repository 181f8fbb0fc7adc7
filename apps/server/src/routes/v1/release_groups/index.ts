import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getReleaseGroup } from "@metabuild/contract/operations";
import { listReleaseGroups } from "@metabuild/contract/operations";

const base = "/api/v1/release_groups";

export function releaseGroupRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listReleaseGroups, async ({ query }, c) =>
    sendList(c, await c.var.services.releases.listGroups(c.var.principal, query)),
  );
  mount(app, base, getReleaseGroup, async ({ params }, c) =>
    c.json(await c.var.services.releases.getGroup(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
