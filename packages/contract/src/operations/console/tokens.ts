import { ApiTokenCreate, ApiTokenCreated, ApiTokenList, IdParam } from "../../index.ts";
import { defineOperation } from "../operation.ts";

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
