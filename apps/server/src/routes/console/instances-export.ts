import { exportInstances } from "@metabuild/contract/operations";
import { XLSX_MEDIA_TYPE } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { sendAttachment } from "../../http/attachment.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";

const base = "/api/console/instances/export";

export function instanceExportRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, exportInstances, async ({ query }, c) =>
    sendAttachment(
      c,
      await c.var.services.spreadsheetExports.list(c.var.principal, query),
      XLSX_MEDIA_TYPE,
    ),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
