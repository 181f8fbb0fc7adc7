import { registerAgent } from "@metabuild/contract/operations";
import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { toAgent } from "../../../services/agents.ts";

const base = "/api/console/agents";

/** Agents registered from the console (docs/agents.md). */
export function consoleAgentRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, registerAgent, async ({ body }, c) => {
    const { agent, secret } = await c.var.services.agentRegistration.register(
      c.var.principal,
      body,
    );
    return c.json({ agent: toAgent(agent), secret }, 201);
  });
  rejectUnsupported(app, { collection: ["POST"] });
  return app;
}
