import { InvalidInstanceNames, InvalidNamesQuery } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { defineOperation, mount } from "../../http/operation.ts";

const base = "/api/console/instances/invalid-names";

export const listInvalidInstanceNames = defineOperation({
  method: "get",
  path: base,
  summary: "Instances whose names break their pattern's name rule",
  description:
    "Every instance of the project (deleted ones too) whose stored name does not follow its " +
    "pattern's `instance_name_pattern` (default: a SQL identifier of at most 128 characters), " +
    "with the reason. Such names were stored before the rule; they stay writable and are " +
    "reported, not renamed (docs/instance-names.md). Needs access to the project.",
  tags: ["console"],
  query: InvalidNamesQuery,
  response: InvalidInstanceNames,
});

export function instanceNameRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, listInvalidInstanceNames, async ({ query }, c) =>
    c.json(await c.var.services.instanceNames.invalid(c.var.principal, query)),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
