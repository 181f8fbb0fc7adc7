import type { MiddlewareHandler } from "hono";

/**
 * The Content-Security-Policy of every answer (docs/http-edge.md): scripts,
 * workers, fetches and frames from this server only. Styles allow
 * 'unsafe-inline' because AG Grid and Monaco inject <style> elements at run
 * time (inline style elements and attributes); images allow data: URLs, which
 * AG Grid, Swagger UI and the console's empty favicon use. Monaco's worker is
 * a file of the built console, so worker-src needs no blob:.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS: readonly (readonly [string, string])[] = [
  ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
  // For browsers that predate frame-ancestors.
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

/** Puts the security headers on every answer, errors and static files included. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of HEADERS) headers.set(name, value);
};
