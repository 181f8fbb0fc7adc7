import { Hono } from "hono";
import { z } from "zod";
import { defineOperation } from "../http/operation.ts";

export const health = defineOperation({
  method: "get",
  path: "/health",
  summary: "Liveness: 200 once the server is ready",
  tags: ["service"],
  auth: false,
  response: z.object({ status: z.literal("ok") }),
});

export function healthRoutes() {
  const app = new Hono();
  app.get("/", (c) => c.json({ status: "ok" }));
  return app;
}
