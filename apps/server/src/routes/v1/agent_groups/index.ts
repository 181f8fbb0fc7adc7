import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { sendList } from "../../../http/send-list.ts";
import { getAgentGroup } from "@metabuild/contract/operations";
import { listAgentGroups } from "@metabuild/contract/operations";

const base = "/api/v1/agent_groups";

export function agentGroupRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listAgentGroups, async ({ query }, c) =>
    sendList(c, await c.var.services.agents.listGroups(c.var.principal, query)),
  );
  mount(app, base, getAgentGroup, async ({ params }, c) =>
    c.json(await c.var.services.agents.getGroup(c.var.principal, params.id)),
  );
  rejectUnsupported(app, { collection: ["GET"], item: ["GET"] });
  return app;
}
