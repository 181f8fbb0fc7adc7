import { getMe } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";
import { changeOwnPassword } from "@metabuild/contract/operations";

const base = "/api/console/me";

function passwordRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, changeOwnPassword.path, changeOwnPassword, async ({ body }, c) => {
    await c.var.services.users.changePassword(c.var.principal, body);
    return c.body(null, 204);
  });
  rejectUnsupported(app, { collection: ["POST"] });
  return app;
}

export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/password", passwordRoutes());
  mount(app, base, getMe, async (_input, c) => {
    const { users, access } = c.var.services;
    const principal = c.var.principal;
    const me = await users.me(principal);
    return c.json({
      ...me,
      projects: access.projectsSeenBy(principal, me.projects),
      develop_patterns: await access.developsPatterns(principal),
    });
  });
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
