import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { JWK } from "jose";
import Provider from "oidc-provider";

/** A person of the test provider, by login. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Record<string, ProviderAccount>;
  /** The private key the provider signs ID tokens with (for testing/oidc-tampering-proxy.ts). */
  signingKey: JWK;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free
 * port of this host, with one confidential client and its own development
 * login and consent pages: any login named in `accounts` signs in with any
 * password (docs/testing.md "Single sign-on").
 */
export async function startTestProvider(opts: {
  redirectUris: string[];
  accounts: Record<string, ProviderAccount>;
  clientId?: string;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? "metabuild";
  const clientSecret = "test-client-secret-0123456789";
  const accounts = opts.accounts;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: "test-key",
    alg: "RS256",
    use: "sig",
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
      groups: ["groups"],
    },
    findAccount: (_ctx, id) =>
      accounts[id] === undefined
        ? undefined
        : { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) },
    cookies: { keys: ["test-provider-cookie-key-0123456789"] },
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  });
  // The development pages warn on every start; the tests know.
  provider.on("server_error", () => {});
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signingKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks the provider's pages as a browser would, from metabuild's redirect to
 * the provider until the provider sends the browser back: signs in as
 * `login`, consents. Answers the callback URL the provider redirected to.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: cookie(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    keep(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin && next.origin !== new URL(authorizationUrl).origin)
        return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (html.includes('value="login"'))
      body = new URLSearchParams({ prompt: "login", login, password: "any" });
    else if (html.includes('value="consent"')) body = new URLSearchParams({ prompt: "consent" });
    else
      throw new Error(`The provider answered ${res.status} with no way on: ${html.slice(0, 300)}`);
  }
  throw new Error("The provider did not send the browser back");
}
