import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getAgent } from "@metabuild/contract/operations";
import { listAgents } from "@metabuild/contract/operations";

const base = "/api/v1/agents";

export function agentRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listAgents, async ({ query }, c) =>
    sendList(c, await c.var.services.agents.list(c.var.principal, query)),
  );
  mount(app, base, getAgent, async ({ params }, c) =>
    c.json(await c.var.services.agents.get(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
