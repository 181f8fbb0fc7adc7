import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { rejectUnsupported } from "./not-supported.ts";
import { type Operation, mount } from "./operation.ts";

/** A sub-app for one path with its single operation, answering 405 for the other methods. */
export function singleOperation<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType>(
  op: Operation<Q, P, B>,
  handler: Parameters<typeof mount<Q, P, B>>[3],
) {
  const app = new Hono<AppEnv>();
  mount(app, op.path, op, handler);
  rejectUnsupported(app, { collection: [op.method.toUpperCase()] });
  return app;
}
