import { createApiToken, listApiTokens, revokeApiToken } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";

const base = "/api/console/tokens";

/** API tokens for pipelines (docs/identity.md). */
export function apiTokenRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, createApiToken, async ({ body }, c) =>
    c.json(await c.var.services.apiTokens.create(c.var.principal, body), 201),
  );
  mount(app, base, listApiTokens, async (_input, c) =>
    c.json({ data: await c.var.services.apiTokens.list(c.var.principal) }),
  );
  mount(app, base, revokeApiToken, async ({ params }, c) => {
    await c.var.services.apiTokens.revoke(c.var.principal, params.id);
    return c.body(null, 204);
  });
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["DELETE"] });
  return app;
}
