import { storeAnswers } from "@metabuild/db";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { defineOperation } from "../http/operation.ts";
import { versionInfo } from "../infra/version.ts";

export const health = defineOperation({
  method: "get",
  path: "/health",
  summary: "Liveness: 200 once the server is ready, with its version and commit",
  tags: ["service"],
  auth: false,
  response: z.object({ status: z.literal("ok"), version: z.string(), commit: z.string() }),
});

const check = z.enum(["ok", "failed"]);
export const healthReady = defineOperation({
  method: "get",
  path: "/health/ready",
  summary: "Readiness: 200 when the store and the workers answer, else 503 naming what failed",
  tags: ["service"],
  auth: false,
  alsoAnswers: { 503: "Not ready: `status` is `unavailable` and `checks` names what failed" },
  response: z.object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.object({ store: check, workers: check }),
  }),
});

/** `/health` (liveness) and `/health/ready` (readiness): docs/observability.md "Health". */
export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", (c) => c.json({ status: "ok" as const, ...versionInfo() }));
  app.get("/ready", async (c) => {
    const services = c.get("services");
    const checks = {
      store: (await storeAnswers(services.deps.db)) ? "ok" : "failed",
      workers: services.workersReady() ? "ok" : "failed",
    };
    const ready = checks.store === "ok" && checks.workers === "ok";
    return c.json({ status: ready ? "ok" : "unavailable", checks }, ready ? 200 : 503);
  });
  return app;
}
