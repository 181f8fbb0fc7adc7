import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";

/** Vite names built files `<name>-<hash>.<ext>`: their content never changes under that name. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The console's index.html with `<base href>` set to the base path, so the
 * build's relative URLs (Vite `base: './'`) and the console's router and API
 * calls work at any depth and under any METABUILD_BASE_PATH, without a
 * rebuild (docs/http-edge.md "Base path"). A <base> element is no script:
 * the CSP's `base-uri 'self'` allows it.
 */
export function consoleIndex(html: string, basePath: string): string {
  const base = `<base href="${basePath}/">`;
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : base + html;
}

/**
 * Serves the built console at `/`: its files as they are, and index.html for
 * any other non-API path so deep links work. Hashed assets are cached for a
 * year; index.html is revalidated each time, so a new build shows at once.
 */
export function serveConsole<E extends Env>(app: Hono<E>, dir: string, basePath = ""): void {
  const indexFile = join(dir, "index.html");
  const built = existsSync(indexFile);
  let index: string | undefined;
  const page = () => {
    index ??= consoleIndex(readFileSync(indexFile, "utf8"), basePath);
    return index;
  };
  if (built)
    app.use("/assets/*", async (c, next) => {
      const file = await serveStatic({ root: dir })(c, next);
      if (file?.ok && HASHED_ASSET.test(c.req.path)) file.headers.set("Cache-Control", IMMUTABLE);
      return file;
    });
  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/api/") || path === "/authentication" || path === "/health") return next();
    if (!built)
      return c.text("The console is not built: run `pnpm --filter @metabuild/console build`.", 503);
    if (/\.[a-z0-9]+$/i.test(path)) return serveStatic({ root: dir })(c, next);
    return c.html(page(), 200, { "Cache-Control": "no-cache" });
  });
}
