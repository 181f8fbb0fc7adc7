import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcConfig, oidcConfig } from "../../config-oidc.ts";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { startTamperingProxy } from "../../testing/oidc-tampering-proxy.ts";
import {
  type TestProvider,
  signInAtProvider,
  startTestProvider,
} from "../../testing/oidc-provider.ts";

// The test app answers at http://localhost (app.request's default origin).
const CALLBACK = "http://localhost/authentication/oidc/callback";

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({
    redirectUris: [CALLBACK],
    accounts: {
      ann: { email: "Ann@acme.test", email_verified: true, groups: ["dwh-ops"] },
      bob: { email: "bob@acme.test", groups: ["dwh-devs", "pattern-devs"] },
      newcomer: { email: "new@acme.test", name: "New Comer", groups: ["dwh-devs"] },
      eve: { email: "eve@globex.test" },
      unverified: { email: "admin@acme.test", email_verified: false },
      mailless: {},
    },
  });
});
afterAll(() => provider.close());

function settings(over: Partial<OidcConfig> = {}): OidcConfig {
  return {
    ...(oidcConfig({
      METABUILD_OIDC_ISSUER: provider.issuer,
      METABUILD_OIDC_CLIENT_ID: provider.clientId,
      METABUILD_OIDC_CLIENT_SECRET: provider.clientSecret,
      METABUILD_OIDC_NAME: "Test IdP",
      METABUILD_OIDC_SCOPES: "openid email profile groups",
      METABUILD_OIDC_GROUP_GRANTS:
        "dwh-devs=DWH:write_instances;dwh-ops=DWH:write_builds;pattern-devs=develop_patterns",
    }) as OidcConfig),
    ...over,
  };
}

async function app(over: Partial<OidcConfig> = {}, localPasswords = true) {
  const h = createHarness({ oidc: settings(over), localPasswords });
  const seed = await seedBasic(h.db);
  return { h, seed };
}

/** The whole browser round trip: start, the provider's pages, the callback. */
async function signOn(h: Harness, login: string, next = "/projects/1", dropIss = false) {
  const start = await h.app.request(`/authentication/oidc/start?next=${encodeURIComponent(next)}`);
  expect(start.status).toBe(303);
  const pending = start.headers.getSetCookie().find((c) => c.startsWith("metabuild_sso="));
  expect(pending).toMatch(/HttpOnly/i);
  const back = await signInAtProvider(start.headers.get("location") as string, login);
  if (dropIss) back.searchParams.delete("iss");
  const res = await h.app.request(`${back.pathname}${back.search}`, {
    headers: { cookie: (pending as string).split(";")[0] },
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("metabuild_session="));
  return { res, location: res.headers.get("location") ?? "", session, back };
}

async function meWith(h: Harness, session: string | undefined) {
  const res = await h.app.request("/api/console/me", {
    headers: { cookie: (session ?? "").split(";")[0] },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("single sign-on: happy path", () => {
  it("tells the sign-in page the provider's name and where to start", async () => {
    const { h } = await app();
    const res = await h.app.request("/authentication/methods");
    expect(await res.json()).toEqual({
      local_passwords: true,
      single_sign_on: { name: "Test IdP", start_path: "/authentication/oidc/start" },
    });
  });

  it("starts with PKCE, state and nonce, and signs a known person in by e-mail", async () => {
    const { h, seed } = await app();
    const start = await h.app.request("/authentication/oidc/start");
    const url = new URL(start.headers.get("location") as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    for (const p of ["state", "nonce", "code_challenge"])
      expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);

    const { res, location, session } = await signOn(h, "ann");
    expect(res.status).toBe(303);
    expect(location).toBe("/projects/1");
    const me = await meWith(h, session);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: seed.ann.id, email: "ann@acme.test" });
  });

  it("maps the provider's groups to grants on every sign-in", async () => {
    const { h, seed } = await app();
    const { session } = await signOn(h, "bob");
    const me = await meWith(h, session);
    expect(me.body.develop_patterns).toBe(true);
    const token = await h.token("admin@acme.test");
    const grants = (await (await h.call("/api/console/admin/grants", token)).json()) as {
      grants: { user_id: number; project_id: number; permission: string }[];
    };
    const bobs = grants.grants
      .filter((g) => g.user_id === seed.bob.id && g.project_id === seed.dwh.id)
      .map((g) => g.permission)
      .sort();
    expect(bobs).toEqual(["access", "write_instances"]);
    // Out of the group at the provider: the grant goes at the next sign-in.
    provider.accounts.bob.groups = [];
    try {
      const again = await signOn(h, "bob");
      expect((await meWith(h, again.session)).body.develop_patterns).toBe(false);
    } finally {
      provider.accounts.bob.groups = ["dwh-devs", "pattern-devs"];
    }
  });

  it("creates a newcomer in the chosen customer when allowed", async () => {
    const { h, seed } = await app({ createUsersIn: "Acme" });
    const { session } = await signOn(h, "newcomer");
    const me = await meWith(h, session);
    expect(me.body).toMatchObject({ email: "new@acme.test", customer_id: seed.acme.id });
  });
});

describe("single sign-on: refusals", () => {
  it("refuses an unknown person when creating users is off", async () => {
    const { h } = await app();
    const { location, session } = await signOn(h, "newcomer");
    expect(session).toBeUndefined();
    expect(new URL(location, "http://x").searchParams.get("sso_error")).toBe(
      "Single sign-on failed: new@acme.test has no metabuild account; an admin can create it",
    );
  });

  it("refuses a disabled user, an unverified e-mail and a token without e-mail", async () => {
    const { h, seed } = await app();
    const admin = await h.token("admin@acme.test");
    await h.call(`/api/console/admin/users/${seed.ann.id}`, admin, {
      method: "PATCH",
      body: JSON.stringify({ disabled: true }),
    });
    for (const [login, why] of [
      ["ann", "the user ann@acme.test is disabled"],
      ["unverified", "the provider has not verified admin@acme.test"],
      ["mailless", "the provider sent no e-mail"],
    ]) {
      const { location, session } = await signOn(h, login);
      expect(session).toBeUndefined();
      expect(new URL(location, "http://x").searchParams.get("sso_error")).toContain(why);
    }
  });

  it("refuses a callback this browser did not start, and a forged state", async () => {
    const { h } = await app();
    const start = await h.app.request("/authentication/oidc/start");
    const back = await signInAtProvider(start.headers.get("location") as string, "ann");
    const without = await h.app.request(`${back.pathname}${back.search}`);
    expect(without.headers.get("location")).toContain("did+not+start+it");
    // A pending sign-in of another start: its state does not match the code's.
    const other = await h.app.request("/authentication/oidc/start");
    const cookie = other.headers.getSetCookie()[0].split(";")[0];
    const forged = await h.app.request(`${back.pathname}${back.search}`, { headers: { cookie } });
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("metabuild_session="))).toBe(
      false,
    );
    expect(
      new URL(forged.headers.get("location") as string, "http://x").searchParams.get("sso_error"),
    ).toMatch(/^Single sign-on failed: /);
  });

  it("refuses an ID token for another audience, from another issuer or with another nonce", async () => {
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
      ["untouched", (c) => c, /^$/],
      ["another audience", (c) => ({ ...c, aud: "someone-else" }), /aud/],
      ["another issuer", (c) => ({ ...c, iss: "https://idp.example.net" }), /iss/],
      ["another nonce", (c) => ({ ...c, nonce: "not-the-one-sent" }), /nonce/],
    ];
    for (const [what, tamper, refusal] of cases) {
      const proxy = await startTamperingProxy(provider, tamper);
      try {
        const { h } = await app({ issuer: proxy.issuer });
        const { location, session } = await signOn(h, "ann", "/projects", true);
        const error = new URL(location, "http://x").searchParams.get("sso_error") ?? "";
        expect(error, what).toMatch(refusal);
        // The untouched answer proves the proxy itself passes: only tampering is refused.
        if (what === "untouched") expect(session, what).toBeDefined();
        else expect(session, what).toBeUndefined();
      } finally {
        await proxy.close();
      }
    }
  });

  it("answers 503 when the provider's document names another issuer", async () => {
    const { h } = await app({ issuer: `${provider.issuer}/other` });
    const res = await h.app.request("/authentication/oidc/start");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^The identity provider could not be reached or answered wrongly/,
    );
  });

  it("switches passwords off when asked, saying how to sign in", async () => {
    const { h } = await app({}, false);
    const res = await h.app.request("/authentication", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: "x" }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Signing in with a password is switched off: use “Sign in with Test IdP”",
    );
    expect(await (await h.app.request("/authentication/methods")).json()).toMatchObject({
      local_passwords: false,
    });
  });

  it("answers 404 where single sign-on is not configured", async () => {
    const h = createHarness();
    expect((await h.app.request("/authentication/oidc/start")).status).toBe(404);
    expect(await (await h.app.request("/authentication/methods")).json()).toEqual({
      local_passwords: true,
      single_sign_on: null,
    });
  });
});
