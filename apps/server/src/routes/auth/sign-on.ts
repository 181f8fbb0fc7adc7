import { signInMethods, signOnCallback, signOnStart } from "@metabuild/contract/operations";
import { AppError, NotAuthenticated, NotFound } from "@metabuild/core";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { singleOperation } from "../../http/single-operation.ts";
import { ownOrigin, setSessionCookie } from "../../http/session-cookie.ts";

const PENDING_COOKIE = "metabuild_sso";

/** GET /authentication/methods, /oidc/start and /oidc/callback (docs/identity.md "Single sign-on"). */
export function signOnRoutes() {
  const app = new Hono<AppEnv>();
  app.route(
    "/methods",
    singleOperation(signInMethods, (_input, c) => c.json(c.var.services.signOn.methods())),
  );
  app.route(
    "/oidc/start",
    singleOperation(signOnStart, async ({ query }, c) => {
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
    singleOperation(signOnCallback, async ({ query }, c) => {
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
