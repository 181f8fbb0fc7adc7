import { Forbidden, NotAuthenticated, isApiToken, messages } from "@metabuild/core";
import type { TokenHolder, TokenPresenter } from "@metabuild/db";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import type { VerifiedToken } from "../services/auth.ts";
import { isSameOrigin, sessionCookie } from "./session-cookie.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The token of a request: `Authorization: Bearer|JWT <token>`, else the console's cookie. */
export function presentedToken(header: string | undefined, cookie: string | undefined) {
  if (header) {
    const m = /^(Bearer|JWT)\s+(\S+)\s*$/i.exec(header);
    return m ? { token: m[2], viaCookie: false } : undefined;
  }
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

/** The request's token; the cookie is only parsed when no header is given. */
function presentedBy(c: Context) {
  const header = c.req.header("authorization");
  return presentedToken(header, header ? undefined : sessionCookie(c));
}

/** Requires a valid token; sets `principal` and `token`. Cookie writes must come from our origin. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = presentedBy(c);
  if (!presented) throw new NotAuthenticated(messages.notAuthenticated);
  signedIn(c, presented, await c.get("services").auth.verify(presented.token));
  await next();
};

/**
 * `authenticate` for a handler whose own statement reads the token's holder
 * too (`AuthService.verifyAlong`): the same checks in one round trip.
 * Answers undefined, checking nothing, when no token or an API token is
 * presented: the handler then leaves the request to the usual path.
 */
export async function authenticateAlong<T>(
  c: Context<AppEnv>,
  read: (presenter: TokenPresenter) => Promise<{ holder: TokenHolder; value: T } | undefined>,
): Promise<{ value: T | undefined } | undefined> {
  const presented = presentedBy(c);
  // An API token's holder is not a JWT's (docs/identity.md): the usual path reads it.
  if (!presented || isApiToken(presented.token)) return undefined;
  const { verified, value } = await c.get("services").auth.verifyAlong(presented.token, read);
  signedIn(c, presented, verified);
  return { value };
}

function signedIn(
  c: Context<AppEnv>,
  presented: { token: string; viaCookie: boolean },
  verified: VerifiedToken,
): void {
  if (presented.viaCookie && !SAFE.has(c.req.method) && !isSameOrigin(c))
    throw new Forbidden("Cross-site request refused: the Origin does not match this server");
  c.set("principal", verified.principal);
  c.set("token", { jti: verified.jti, exp: verified.exp, raw: presented.token });
}
