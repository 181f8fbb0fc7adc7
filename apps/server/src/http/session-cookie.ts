import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const SESSION_COOKIE = "metabuild_session";

/** The console keeps its token in an HttpOnly, SameSite=Strict cookie (product.md §2). */
export function setSessionCookie(c: Context, token: string, maxAge: number, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure,
    path: "/",
    maxAge,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * True when the request's Origin (or Referer) is this server itself: the
 * `Host` it was sent to, or the public host a reverse proxy forwards in
 * `X-Forwarded-Host` (HTTPS in front, the `Secure` cookie case). Trusting that
 * header is safe here: a cross-site page cannot add a header to a request
 * without a CORS preflight, which this server never grants.
 */
export function isSameOrigin(c: Context): boolean {
  // HTTP/2 requests carry :authority instead of Host; the request URL is built from either.
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const forwarded = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
  const origin = c.req.header("origin") ?? c.req.header("referer");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  return originHost !== "" && (originHost === host || originHost === forwarded);
}
