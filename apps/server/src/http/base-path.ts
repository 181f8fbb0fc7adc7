import type { MiddlewareHandler } from "hono";
import { getPath } from "hono/utils/url";

/**
 * Hono's `getPath` for METABUILD_BASE_PATH (docs/http-edge.md "Base path"):
 * routes see the path without the base, so every route, middleware and
 * `c.req.path` stays as written. A trailing slash is dropped
 * (`/api/v1/projects/` is `/api/v1/projects`, as Feathers clients expect).
 * Paths outside the base keep theirs; `outsideBasePath` answers them.
 */
export function routePathWithin(basePath: string): (request: Request) => string {
  return (request) => {
    let path = getPath(request);
    if (basePath && isWithin(path, basePath)) path = path.slice(basePath.length) || "/";
    return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  };
}

function isWithin(path: string, basePath: string): boolean {
  return path === basePath || path.startsWith(`${basePath}/`);
}

/** 404 for any path outside the base; `/` itself is sent to the base (a bookmark of the bare host). */
export function outsideBasePath(basePath: string): MiddlewareHandler {
  return async (c, next) => {
    if (!basePath) return next();
    const path = getPath(c.req.raw);
    if (isWithin(path, basePath)) return next();
    if (path === "/") return c.redirect(`${basePath}/`, 302);
    return c.notFound();
  };
}
