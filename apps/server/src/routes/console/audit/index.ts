import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { listAuditEvents } from "@metabuild/contract/operations";

/** The audit log, read-only: events are written by the changes themselves (docs/audit-log.md). */
export function auditRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, "/api/console/audit", listAuditEvents, async ({ query }, c) =>
    sendList(c, await c.var.services.audit.list(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
