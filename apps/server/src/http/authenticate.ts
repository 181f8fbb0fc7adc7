import { Forbidden, NotAuthenticated, messages } from "@metabuild/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
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

/** Requires a valid token; sets `principal` and `token`. Cookie writes must come from our origin. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = presentedToken(c.req.header("authorization"), sessionCookie(c));
  if (!presented) throw new NotAuthenticated(messages.notAuthenticated);
  const verified = await c.var.services.auth.verify(presented.token);
  if (presented.viaCookie && !SAFE.has(c.req.method) && !isSameOrigin(c))
    throw new Forbidden("Cross-site request refused: the Origin does not match this server");
  c.set("principal", verified.principal);
  c.set("token", { jti: verified.jti, exp: verified.exp, raw: presented.token });
  await next();
};
