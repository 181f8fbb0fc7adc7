import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";

/**
 * Serves the built console at `/`: its files as they are, and index.html for
 * any other non-API path so deep links work.
 */
export function serveConsole<E extends Env>(app: Hono<E>, dir: string): void {
  const indexFile = join(dir, "index.html");
  const built = existsSync(indexFile);
  if (built) app.use("/assets/*", serveStatic({ root: dir }));
  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/api/") || path === "/authentication" || path === "/health") return next();
    if (!built)
      return c.text("The console is not built: run `pnpm --filter @metabuild/console build`.", 503);
    if (/\.[a-z0-9]+$/i.test(path)) return serveStatic({ root: dir })(c, next);
    return c.html(readFileSync(indexFile, "utf8"));
  });
}
