import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { executeMetadata } from "@metabuild/contract/operations";

const base = "/api/v1/metadata";

export function metadataRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, executeMetadata, async ({ body }, c) =>
    c.json(await c.var.services.metadata.execute(c.var.principal, body)),
  );
  rejectUnsupported(app, { collection: ["POST"], item: [] });
  return app;
}
