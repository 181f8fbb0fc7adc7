import { type Context, Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { attachmentDisposition } from "../../../http/attachment.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { exportBundleOperation, importBundleOperation } from "@metabuild/contract/operations";
import { readBundleBody } from "./import.ts";

/** Whether the request is a bundle import, whose body has its own limit (docs/bundles.md). */
export function isBundleImport(c: Context): boolean {
  return c.req.method === "POST" && c.req.path.replace(/\/+$/, "") === importBundleOperation.path;
}

function importRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, importBundleOperation.path, importBundleOperation, async ({ query }, c) => {
    const bundles = c.var.services.bundles;
    // Refused before the body is read: a bundle may be large.
    bundles.requireImporter(c.var.principal);
    const bundle = await readBundleBody(c);
    return c.json(await bundles.importWithPlan(c.var.principal, bundle, query.dry_run ?? false));
  });
  rejectUnsupported(app, { collection: ["POST"] });
  return app;
}

function exportRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, exportBundleOperation.path, exportBundleOperation, async ({ query }, c) => {
    const file = await c.var.services.bundles.exportText(c.var.principal, query.project);
    return c.body(file.text, 200, {
      "Content-Type": "application/yaml; charset=utf-8",
      "Content-Disposition": attachmentDisposition(file.fileName),
    });
  });
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}

/** Console: bundles over HTTP, with a plan (docs/bundles.md, "Over HTTP"). */
export function bundleRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/export", exportRoutes());
  app.route("/", importRoutes());
  return app;
}
