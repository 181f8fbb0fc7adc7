import { createHash, timingSafeEqual } from "node:crypto";
import { NotAuthenticated } from "@metabuild/core";
import { Hono } from "hono";
import type { Metrics } from "../infra/metrics.ts";
import { metricsOperation } from "@metabuild/contract/operations";
import { document } from "../http/operation.ts";

/** Compares digests, so neither the length nor the content leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `/metrics` in the Prometheus text format (docs/observability.md "Metrics"). */
export function metricsRoutes(metrics: Metrics, token: string) {
  document(metricsOperation);
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
