import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { addAdminUser } from "@metabuild/contract/operations";
import { getAdminGrants } from "@metabuild/contract/operations";
import { listAdminUsers } from "@metabuild/contract/operations";
import { resetAdminUserPassword } from "@metabuild/contract/operations";
import { setAdminCustomerGrant } from "@metabuild/contract/operations";
import { setAdminGrant } from "@metabuild/contract/operations";
import { updateAdminUser } from "@metabuild/contract/operations";

function userRoutes() {
  const base = "/api/console/admin/users";
  const app = new Hono<AppEnv>();
  mount(app, base, listAdminUsers, async ({ query }, c) =>
    c.json({ data: await c.var.services.admin.users(c.var.principal, query.q) }),
  );
  mount(app, base, addAdminUser, async ({ body }, c) =>
    c.json(await c.var.services.admin.addUser(c.var.principal, body), 201),
  );
  mount(app, base, updateAdminUser, async ({ params, body }, c) =>
    c.json(await c.var.services.admin.updateUser(c.var.principal, params.id, body)),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["PATCH"] });
  return app;
}

function passwordResetRoutes() {
  const base = "/api/console/admin/users/:id/password";
  const app = new Hono<AppEnv>();
  mount(app, base, resetAdminUserPassword, async ({ params, body }, c) =>
    c.json(await c.var.services.admin.resetPassword(c.var.principal, params.id, body.password)),
  );
  rejectUnsupported(app, { collection: ["POST"] });
  return app;
}

function grantRoutes() {
  const base = "/api/console/admin/grants";
  const app = new Hono<AppEnv>();
  mount(app, base, getAdminGrants, async (_input, c) =>
    c.json(await c.var.services.admin.matrix(c.var.principal)),
  );
  mount(app, base, setAdminGrant, async ({ body }, c) =>
    c.json(await c.var.services.admin.setGrant(c.var.principal, body)),
  );
  rejectUnsupported(app, { collection: ["GET", "PUT"] });
  return app;
}

function customerGrantRoutes() {
  const base = "/api/console/admin/customer-grants";
  const app = new Hono<AppEnv>();
  mount(app, base, setAdminCustomerGrant, async ({ body }, c) =>
    c.json(await c.var.services.admin.setCustomerGrant(c.var.principal, body)),
  );
  rejectUnsupported(app, { collection: ["PUT"] });
  return app;
}

/** Console admin pages: users and the grants matrix (admins only). */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/users/:id/password", passwordResetRoutes());
  app.route("/users", userRoutes());
  app.route("/grants", grantRoutes());
  app.route("/customer-grants", customerGrantRoutes());
  return app;
}
