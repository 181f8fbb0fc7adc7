import { z } from "zod";

/** What an API token may name (docs/identity.md): project permissions and `develop_patterns`. */
export const TokenPermissionName = z.enum([
  "access",
  "write_instances",
  "read_builds",
  "write_builds",
  "develop_patterns",
]);
export type TokenPermissionName = z.infer<typeof TokenPermissionName>;

/** POST /api/console/tokens; `service_account` (admins only) makes a token of the customer, not of a person. */
export const ApiTokenCreate = z.strictObject({
  name: z.string().trim().min(1).max(200),
  project: z.string().min(1).meta({ description: "The project's name: the token reaches only it" }),
  permissions: z.array(TokenPermissionName).min(1),
  expires_in_days: z.number().int().min(1),
  service_account: z.boolean().default(false),
});
export type ApiTokenCreate = z.input<typeof ApiTokenCreate>;

export const ApiToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    project: z.string(),
    project_id: z.number().int(),
    permissions: z.array(TokenPermissionName),
    /** The owner's e-mail; null for a service-account token. */
    owner: z.string().nullable(),
    service_account: z.boolean(),
    created_at: z.string(),
    expires_at: z.string(),
    /** Noted at most once a minute; null before the first use. */
    last_used_at: z.string().nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiToken>;

/** The create answer: the only time the token's text is shown. */
export const ApiTokenCreated = ApiToken.extend({ token: z.string() }).meta({
  id: "ApiTokenCreated",
});
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const ApiTokenList = z.object({ data: z.array(ApiToken) }).meta({ id: "ApiTokenList" });
export type ApiTokenList = z.infer<typeof ApiTokenList>;
