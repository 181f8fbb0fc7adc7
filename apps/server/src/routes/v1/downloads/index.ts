import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { attachmentDisposition } from "../../../http/attachment.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getDownload } from "@metabuild/contract/operations";
import { listDownloads } from "@metabuild/contract/operations";

const base = "/api/v1/downloads";

export function downloadRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listDownloads, async ({ query }, c) =>
    sendList(c, await c.var.services.downloads.list(c.var.principal, query)),
  );
  mount(app, base, getDownload, async ({ params }, c) => {
    // HEAD (answered by this GET handler) asks about the file: it is not a download.
    const counted = c.req.method !== "HEAD";
    const file = await c.var.services.downloads.fetch(c.var.principal, params.id, counted);
    return c.body(new Uint8Array(file.data), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": attachmentDisposition(file.name),
    });
  });
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
