import { ApiTokenCreate, ApiTokenCreated, ApiTokenList, IdParam } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { defineOperation, mount } from "../../../http/operation.ts";

const base = "/api/console/tokens";

export const createApiToken = defineOperation({
  method: "post",
  path: base,
  summary: "Create an API token for a pipeline; its text is answered this once",
  description:
    "The token works as `Authorization: Bearer <token>` on every API route, on the named project only, with the named permissions its owner still holds (docs/identity.md). `service_account: true` (admins only) makes a token of the customer, not of a person.",
  tags: ["console"],
  body: ApiTokenCreate,
  response: ApiTokenCreated,
  status: 201,
});

export const listApiTokens = defineOperation({
  method: "get",
  path: base,
  summary: "API tokens, without their text: an admin sees the customer's, others their own",
  tags: ["console"],
  response: ApiTokenList,
});

export const revokeApiToken = defineOperation({
  method: "delete",
  path: `${base}/:id`,
  summary: "Revoke an API token: refused from the next request on, in every process",
  tags: ["console"],
  params: IdParam,
  status: 204,
});

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
