import { XLSX_MEDIA_TYPE } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { acceptsMediaType, sendAttachment } from "../../../http/attachment.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendJson } from "../../../http/send-json.ts";
import { sendListJson } from "../../../http/send-list.ts";
import { uploadInstances } from "./create.ts";
import { createInstances, getInstance, listInstances } from "@metabuild/contract/operations";

const base = "/api/v1/instances";

export function instanceRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listInstances, async ({ query }, c) =>
    sendListJson(c, await c.var.services.instances.list(c.var.principal, query)),
  );
  mount(app, base, getInstance, async ({ params }, c) =>
    // The spreadsheet form when the Accept header asks for it (docs/reference/endpoints.md content negotiation).
    acceptsMediaType(c.req.header("accept"), XLSX_MEDIA_TYPE)
      ? sendAttachment(
          c,
          await c.var.services.spreadsheetExports.instance(c.var.principal, params.id),
          XLSX_MEDIA_TYPE,
        )
      : sendJson(c, await c.var.services.instances.detail(c.var.principal, params.id)),
  );
  mount(app, base, createInstances, (_input, c) => uploadInstances(c));
  rejectUnsupported(app, { collection: ["GET", "POST"], item: ["GET"] });
  return app;
}
