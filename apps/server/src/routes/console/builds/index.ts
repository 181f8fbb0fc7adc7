import { Hono } from "hono";
import { singleOperation } from "../../../http/single-operation.ts";
import type { AppEnv } from "../../../app-env.ts";
import { cancelBuild } from "@metabuild/contract/operations";
import { diffBuilds } from "@metabuild/contract/operations";
import { getBuildSelection, listBuildFiles, readBuildFile } from "@metabuild/contract/operations";

/** Console-only build actions: cancel, archive browser, comparison. */
export function consoleBuildRoutes() {
  const app = new Hono<AppEnv>();
  app.route(
    "/:id/cancel",
    singleOperation(cancelBuild, async ({ params }, c) =>
      c.json(await c.var.services.builds.cancel(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/files",
    singleOperation(listBuildFiles, async ({ params }, c) =>
      c.json(await c.var.services.buildArchives.list(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/file",
    singleOperation(readBuildFile, async ({ params, query }, c) => {
      const { data, text } = await c.var.services.buildArchives.read(
        c.var.principal,
        params.id,
        query.pattern,
        query.path,
      );
      return c.body(new Uint8Array(data), 200, {
        "Content-Type": text ? "text/plain; charset=utf-8" : "application/octet-stream",
        "X-Content-Type-Options": "nosniff",
      });
    }),
  );
  app.route(
    "/:id/selection",
    singleOperation(getBuildSelection, async ({ params }, c) =>
      c.json(await c.var.services.builds.selection(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/diff",
    singleOperation(diffBuilds, async ({ params, query }, c) =>
      c.json(await c.var.services.buildArchives.diff(c.var.principal, params.id, query.against)),
    ),
  );
  return app;
}
