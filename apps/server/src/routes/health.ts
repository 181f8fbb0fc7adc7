import { storeAnswers } from "@metabuild/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { versionInfo } from "../infra/version.ts";
import { health, healthReady } from "@metabuild/contract/operations";
import { document } from "../http/operation.ts";

/** `/health` (liveness) and `/health/ready` (readiness): docs/observability.md "Health". */
export function healthRoutes() {
  document(health, healthReady);
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
