import { createHash, timingSafeEqual } from "node:crypto";
import { NotAuthenticated } from "@metabuild/core";
import { Hono } from "hono";
import { defineOperation } from "../http/operation.ts";
import type { Metrics } from "../infra/metrics.ts";

export const metricsOperation = defineOperation({
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics; needs METABUILD_METRICS_TOKEN as a bearer token when it is set",
  tags: ["service"],
  auth: false,
  // Not a user's sign-in: the metrics token, when one is configured.
  errors: [401],
  responseType: "text/plain",
});

/** Compares digests, so neither the length nor the content leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `/metrics` in the Prometheus text format (docs/observability.md "Metrics"). */
export function metricsRoutes(metrics: Metrics, token: string) {
  const app = new Hono();
  app.get("/", async (c) => {
    if (token) {
      const given = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1] ?? "";
      if (!sameToken(given.trim(), token)) throw new NotAuthenticated("Not authenticated");
    }
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType });
  });
  return app;
}
