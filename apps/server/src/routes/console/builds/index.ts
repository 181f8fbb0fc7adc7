import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { type Operation, mount } from "../../../http/operation.ts";
import { cancelBuild } from "./cancel.ts";
import { diffBuilds } from "./diff.ts";
import { getBuildSelection, listBuildFiles, readBuildFile } from "./files.ts";

/** One action path (`/:id/cancel`, …) with its operation and 405s for other methods. */
function action<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType>(
  op: Operation<Q, P, B>,
  handler: Parameters<typeof mount<Q, P, B>>[3],
) {
  const app = new Hono<AppEnv>();
  mount(app, op.path, op, handler);
  rejectUnsupported(app, { collection: [op.method.toUpperCase()] });
  return app;
}

/** Console-only build actions: cancel, archive browser, comparison. */
export function consoleBuildRoutes() {
  const app = new Hono<AppEnv>();
  app.route(
    "/:id/cancel",
    action(cancelBuild, ({ params }, c) =>
      c.json(c.var.services.builds.cancel(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/files",
    action(listBuildFiles, async ({ params }, c) =>
      c.json(await c.var.services.buildArchives.list(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/file",
    action(readBuildFile, async ({ params, query }, c) => {
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
    action(getBuildSelection, ({ params }, c) =>
      c.json(c.var.services.builds.selection(c.var.principal, params.id)),
    ),
  );
  app.route(
    "/:id/diff",
    action(diffBuilds, async ({ params, query }, c) =>
      c.json(await c.var.services.buildArchives.diff(c.var.principal, params.id, query.against)),
    ),
  );
  return app;
}
