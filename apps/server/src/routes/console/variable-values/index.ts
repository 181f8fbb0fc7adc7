import { Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { clearVariableValue } from "@metabuild/contract/operations";
import { setVariableValue } from "@metabuild/contract/operations";

const base = "/api/console/variable_values";

/** Console: set and clear pattern variable values (docs/pattern-variables.md). */
export function variableValueRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, setVariableValue, async ({ body, query }, c) =>
    c.json(
      query.dry_run
        ? await c.var.services.variableImpact.dryRun(c.var.principal, body)
        : await c.var.services.variableImpact.set(c.var.principal, body),
    ),
  );
  mount(app, base, clearVariableValue, async ({ query }, c) =>
    c.json(await c.var.services.variableValues.clear(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["PUT", "DELETE"] });
  return app;
}
