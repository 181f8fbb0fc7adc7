import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env.ts";
import { forwardedValue } from "./client-address.ts";

export const SESSION_COOKIE = "metabuild_session";

/** The console keeps its token in an HttpOnly, SameSite=Strict cookie (docs/reference/rules.md §2). */
export function setSessionCookie(
  c: Context<AppEnv>,
  token: string,
  maxAge: number,
  secure: boolean,
) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure,
    path: cookiePath(c),
    maxAge,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: cookiePath(c) });
}

/** The cookie belongs to this server's URLs only: its base path behind a shared host. */
function cookiePath(c: Context<AppEnv>): string {
  return c.var.services.deps.config.basePath || "/";
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * This server's origin (scheme, host, port) as the browser addressed it: the
 * request's own, or, behind a trusted reverse proxy (METABUILD_TRUST_PROXY),
 * the public one it forwards in `X-Forwarded-Host`/`-Proto`. Untrusted, those
 * headers are ignored: anything in front could set them (docs/http-edge.md).
 */
export function ownOrigin(c: Context<AppEnv>): string | undefined {
  const url = new URL(c.req.url);
  const hops = c.var.services.deps.config.trustProxy;
  // HTTP/2 requests carry :authority instead of Host; the request URL is built from either.
  const host =
    forwardedValue(c.req.header("x-forwarded-host"), hops) || c.req.header("host") || url.host;
  const scheme =
    forwardedValue(c.req.header("x-forwarded-proto"), hops) || url.protocol.slice(0, -1);
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** True when the request's Origin (or Referer) is this server itself. */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("origin") ?? c.req.header("referer");
  if (!origin) return false;
  let originOrigin: string;
  try {
    originOrigin = new URL(origin).origin;
  } catch {
    return false;
  }
  // An opaque origin ("null": sandboxed frames, file: pages) is never ours.
  return originOrigin !== "null" && originOrigin === ownOrigin(c);
}
