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
// Its URLs carry METABUILD_BASE_PATH (`base`), as the browser sees them.
const page = (base: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>metabuild API reference</title>
<link rel="stylesheet" href="${base}/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="${base}/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="${base}/api/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="${base}/api/docs/init.js"></script>
</body></html>`;

const init = (
  base: string,
) => `window.ui = SwaggerUIBundle({ url: "${base}/api/v1/openapi.json", dom_id: "#ui",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "StandaloneLayout",
  withCredentials: true });`;

export function docsRoutes(base = "") {
  const app = new Hono();
  let doc: unknown;
  app.get("/api/v1/openapi.json", (c) => {
    doc ??= { ...buildOpenApi(operations(), rejectedMethods()), servers: [{ url: base || "/" }] };
    return c.json(doc);
  });
  app.get("/api/docs", (c) => c.html(page(base)));
  app.get("/api/docs/init.js", (c) =>
    c.body(init(base), 200, { "Content-Type": "text/javascript" }),
  );
  app.get("/api/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = await readFile(join(absolutePath(), file));
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
