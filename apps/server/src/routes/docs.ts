import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { absolutePath } from "swagger-ui-dist";
import { buildOpenApi } from "../http/openapi.ts";
import { operations, rejectedMethods } from "../http/operation.ts";

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css",
  "swagger-ui-bundle.js": "text/javascript",
  "swagger-ui-standalone-preset.js": "text/javascript",
};

// The reference page loads Swagger UI from this server, never from a CDN.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>metabuild API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#ui",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "StandaloneLayout",
  withCredentials: true });`;

export function docsRoutes() {
  const app = new Hono();
  let doc: unknown;
  app.get("/api/v1/openapi.json", (c) => {
    doc ??= buildOpenApi(operations(), rejectedMethods());
    return c.json(doc);
  });
  app.get("/api/docs", (c) => c.html(page));
  app.get("/api/docs/init.js", (c) => c.body(init, 200, { "Content-Type": "text/javascript" }));
  app.get("/api/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = await readFile(join(absolutePath(), file));
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
