import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import {
  createHarvestSchedule,
  deleteHarvestSchedule,
  getHarvest,
  getHarvestSchedule,
  listHarvestSchedules,
  listHarvestSources,
  listHarvests,
  startHarvest,
} from "@metabuild/contract/operations";

/** /api/v1/harvests: runs (docs/harvesting.md). */
export function harvestRoutes() {
  const app = new Hono<AppEnv>();
  const base = "/api/v1/harvests";
  mount(app, base, listHarvests, async ({ query }, c) =>
    sendList(c, await c.var.services.harvests.list(c.var.principal, query)),
  );
  mount(app, base, getHarvest, async ({ params }, c) =>
    c.json(await c.var.services.harvests.get(c.var.principal, params.id)),
  );
  mount(app, base, startHarvest, async ({ body }, c) =>
    c.json(await c.var.services.harvests.start(c.var.principal, body), 201),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}

/** /api/v1/harvest_sources: who can harvest what, by name. */
export function harvestSourceRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, "/api/v1/harvest_sources", listHarvestSources, async ({ query }, c) =>
    sendList(c, await c.var.services.harvests.sources(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}

/** /api/v1/harvest_schedules. */
export function harvestScheduleRoutes() {
  const app = new Hono<AppEnv>();
  const base = "/api/v1/harvest_schedules";
  mount(app, base, listHarvestSchedules, async ({ query }, c) =>
    sendList(c, await c.var.services.harvestSchedules.list(c.var.principal, query)),
  );
  mount(app, base, getHarvestSchedule, async ({ params }, c) =>
    c.json(await c.var.services.harvestSchedules.get(c.var.principal, params.id)),
  );
  mount(app, base, createHarvestSchedule, async ({ body }, c) =>
    c.json(await c.var.services.harvestSchedules.create(c.var.principal, body), 201),
  );
  mount(app, base, deleteHarvestSchedule, async ({ params }, c) =>
    c.json(await c.var.services.harvestSchedules.remove(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET", "DELETE"] });
  return app;
}
