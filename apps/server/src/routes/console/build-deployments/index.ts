import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { singleOperation } from "../../../http/single-operation.ts";
import { cancelBuildDeployment } from "@metabuild/contract/operations";

/** Console-only build deployment actions: cancel (docs/agents.md). */
export function consoleBuildDeploymentRoutes() {
  const app = new Hono<AppEnv>();
  app.route(
    "/:id/cancel",
    singleOperation(cancelBuildDeployment, async ({ params }, c) =>
      c.json(await c.var.services.buildDeployments.cancel(c.var.principal, params.id)),
    ),
  );
  return app;
}
