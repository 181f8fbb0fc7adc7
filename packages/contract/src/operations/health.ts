import { z } from "zod";
import { defineOperation } from "./operation.ts";

const check = z.enum(["ok", "failed"]);

export const health = defineOperation({
  method: "get",
  path: "/health",
  summary: "Liveness: 200 once the server is ready, with its version and commit",
  tags: ["service"],
  auth: false,
  response: z.object({ status: z.literal("ok"), version: z.string(), commit: z.string() }),
});

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
