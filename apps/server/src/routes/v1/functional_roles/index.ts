import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getFunctionalRole } from "@metabuild/contract/operations";
import { listFunctionalRoles } from "@metabuild/contract/operations";

const base = "/api/v1/functional_roles";

export function functionalRoleRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listFunctionalRoles, async ({ query }, c) =>
    sendList(c, await c.var.services.patterns.listRoles(c.var.principal, query)),
  );
  mount(app, base, getFunctionalRole, async ({ params }, c) =>
    c.json(await c.var.services.patterns.getRole(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
