import { type GroupGrant, parseGroupGrants } from "@metabuild/core";

/** Single sign-on with an OpenID Connect provider (docs/identity.md "Single sign-on"). */
export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read at the first sign-in. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in page: "Sign in with <name>". */
  name: string;
  /** The callback URL registered at the provider; else derived from the request. */
  redirectUrl: string | null;
  scopes: string;
  /** The ID token or userinfo claim listing the person's groups. */
  groupsClaim: string;
  /** The customer (by name) new people are created in at their first sign-in; null: never. */
  createUsersIn: string | null;
  groupGrants: GroupGrant[];
}

type Env = Record<string, string | undefined>;

/** METABUILD_OIDC_*: null unless the issuer is set; then the client id and secret are required. */
export function oidcConfig(env: Env): OidcConfig | null {
  const read = (name: string) => env[`METABUILD_OIDC_${name}`]?.trim() ?? "";
  const issuer = read("ISSUER");
  if (issuer === "") return null;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`METABUILD_OIDC_ISSUER must be the provider's issuer URL, not '${issuer}'`);
  }
  if (url.protocol !== "https:" && !isLoopback(url))
    throw new Error("METABUILD_OIDC_ISSUER must be an https:// URL (http only on this host)");
  for (const name of ["CLIENT_ID", "CLIENT_SECRET"])
    if (read(name) === "")
      throw new Error(`METABUILD_OIDC_${name} is required with METABUILD_OIDC_ISSUER`);
  return {
    issuer,
    clientId: read("CLIENT_ID"),
    clientSecret: read("CLIENT_SECRET"),
    name: read("NAME") || "single sign-on",
    redirectUrl: read("REDIRECT_URL") || null,
    scopes: read("SCOPES") || "openid email profile",
    groupsClaim: read("GROUPS_CLAIM") || "groups",
    createUsersIn: read("CREATE_USERS_IN") || null,
    groupGrants: parseGroupGrants(read("GROUP_GRANTS"), "METABUILD_OIDC_GROUP_GRANTS"),
  };
}

/** A provider on this host (tests, a local Keycloak) may be plain http. */
export function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
