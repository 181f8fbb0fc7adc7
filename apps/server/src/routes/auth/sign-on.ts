import { SignInMethods, SignOnCallbackQuery, SignOnStartQuery } from "@metabuild/contract";
import { AppError, NotAuthenticated, NotFound } from "@metabuild/core";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { defineOperation } from "../../http/operation.ts";
import { singleOperation } from "../../http/single-operation.ts";
import { ownOrigin, setSessionCookie } from "../../http/session-cookie.ts";

const methods = defineOperation({
  method: "get",
  path: "/authentication/methods",
  summary: "How people may sign in: passwords, single sign-on (public)",
  tags: ["authentication"],
  auth: false,
  response: SignInMethods,
});

const start = defineOperation({
  method: "get",
  path: "/authentication/oidc/start",
  summary: "Start single sign-on: redirects to the identity provider (public)",
  description:
    "Answers 303 to the provider's authorization endpoint (code flow with PKCE, state and nonce); 404 when single sign-on is not configured, 503 when the provider cannot be reached.",
  tags: ["authentication"],
  auth: false,
  query: SignOnStartQuery,
  status: 303,
  errors: [503],
});

const callback = defineOperation({
  method: "get",
  path: "/authentication/oidc/callback",
  summary: "Where the identity provider sends the browser back (public)",
  description:
    "Redeems the code, signs the person in with a session cookie and answers 303 to the console; a refusal answers 303 to the sign-in page with `sso_error`.",
  tags: ["authentication"],
  auth: false,
  query: SignOnCallbackQuery,
  status: 303,
});

const PENDING_COOKIE = "metabuild_sso";

/** GET /authentication/methods, /oidc/start and /oidc/callback (docs/identity.md "Single sign-on"). */
export function signOnRoutes() {
  const app = new Hono<AppEnv>();
  app.route(
    "/methods",
    singleOperation(methods, (_input, c) => c.json(c.var.services.signOn.methods())),
  );
  app.route(
    "/oidc/start",
    singleOperation(start, async ({ query }, c) => {
      const sso = c.var.services.signOn.provider;
      if (!sso) throw new NotFound("Single sign-on is not configured");
      const { url, pending } = await sso.start(redirectUri(c), safeNext(query.next));
      // Lax, not Strict: the provider's redirect back is a cross-site navigation.
      setCookie(c, PENDING_COOKIE, pending, {
        httpOnly: true,
        sameSite: "Lax",
        secure: c.var.services.deps.config.secureCookies,
        path: `${c.var.services.deps.config.basePath}/authentication/oidc`,
        maxAge: 600,
      });
      return c.redirect(url, 303);
    }),
  );
  app.route(
    "/oidc/callback",
    singleOperation(callback, async ({ query }, c) => {
      const { config } = c.var.services.deps;
      const sso = c.var.services.signOn.provider;
      if (!sso) throw new NotFound("Single sign-on is not configured");
      const pending = getCookie(c, PENDING_COOKIE);
      deleteCookie(c, PENDING_COOKIE, { path: `${config.basePath}/authentication/oidc` });
      try {
        if (query.error)
          throw new NotAuthenticated(
            `Single sign-on failed: the provider answered ${query.error}${query.error_description ? ` (${query.error_description})` : ""}`,
          );
        // The URL the provider was told to come back to, with what it sent: the redirect_uri must match.
        const back = new URL(redirectUri(c));
        back.search = new URL(c.req.url).search;
        const { user, next } = await sso.finish(back, pending, clientAddressOf(c));
        const token = await c.var.services.auth.issue(user.id);
        setSessionCookie(c, token, config.tokenTtl, config.secureCookies);
        return c.redirect(`${config.basePath}${next}`, 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const refused = new URLSearchParams({ sso_error: err.message });
        return c.redirect(`${config.basePath}/sign-in?${refused}`, 303);
      }
    }),
  );
  return app;
}

/** The callback URL registered at the provider: configured, else this server's own. */
function redirectUri(c: Context<AppEnv>): string {
  const { config } = c.var.services.deps;
  return (
    config.oidc?.redirectUrl ??
    `${ownOrigin(c) ?? new URL(c.req.url).origin}${config.basePath}/authentication/oidc/callback`
  );
}

/** Only paths of the console are followed after sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\")
    ? next
    : "/projects";
}
