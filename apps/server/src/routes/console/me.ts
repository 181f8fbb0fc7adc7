import { Me } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { defineOperation, mount } from "../../http/operation.ts";

const base = "/api/console/me";

export const getMe = defineOperation({
  method: "get",
  path: base,
  summary: "The signed-in user (console session check)",
  tags: ["console"],
  response: Me,
  description: "Answers 401 when the session cookie or token is missing, expired or signed out.",
});

export function meRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, getMe, (_input, c) => c.json(c.var.services.users.me(c.var.principal)));
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
