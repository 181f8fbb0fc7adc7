import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { singleOperation } from "../../../http/single-operation.ts";
import {
  cancelDeploymentPlan,
  createDeploymentPlan,
  getDeploymentPlan,
  listDeploymentPlans,
} from "@metabuild/contract/operations";

const base = "/api/console/deployment_plans";

/** Deployment plans: several deployments of one build in order (docs/deployment-plans.md). */
export function deploymentPlanRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listDeploymentPlans, async ({ query }, c) =>
    sendList(c, await c.var.services.deploymentPlans.list(c.var.principal, query)),
  );
  mount(app, base, getDeploymentPlan, async ({ params }, c) =>
    c.json(await c.var.services.deploymentPlans.get(c.var.principal, params.id)),
  );
  mount(app, base, createDeploymentPlan, async ({ body }, c) =>
    c.json(await c.var.services.deploymentPlans.create(c.var.principal, body), 201),
  );
  app.route(
    "/:id/cancel",
    singleOperation(cancelDeploymentPlan, async ({ params }, c) =>
      c.json(await c.var.services.deploymentPlans.cancel(c.var.principal, params.id)),
    ),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}
