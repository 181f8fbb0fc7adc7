import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { parseJsonBody, parseQuery, validate } from "./input.ts";

import type { Operation } from "@metabuild/contract/operations";

export type { Operation };

const registry: Operation[] = [];

/** Every operation mounted or documented so far (for the OpenAPI document). */
export function operations(): readonly Operation[] {
  return registry;
}

/**
 * Adds operations to the OpenAPI document that are served without `mount()`
 * (health, metrics, the agents' WebSocket).
 */
export function document(...ops: Operation[]): void {
  for (const op of ops)
    if (!registry.some((o) => o.method === op.method && o.path === op.path)) registry.push(op);
}

/** Methods a path answers with 405 (`http/not-supported.ts`), for the OpenAPI document. */
export interface Rejection {
  /** Full path in Hono syntax. */
  path: string;
  methods: readonly string[];
}

const rejections = new Map<string, Rejection>();
/** The base path each sub-app was mounted with, so its 405 paths can be made full. */
const bases = new WeakMap<Hono<AppEnv>, string>();

/** Records that `methods` on `local` (a path of `app`, after its `mount()`s) answer 405. */
export function recordRejection(app: Hono<AppEnv>, local: string, methods: readonly string[]) {
  const base = bases.get(app);
  if (base === undefined || methods.length === 0) return;
  const path = local === "/" ? base : `${base}${local}`;
  rejections.set(`${path} ${methods.join(",")}`, { path, methods });
}

/** Every path and method answered with 405 so far. */
export function rejectedMethods(): readonly Rejection[] {
  return [...rejections.values()];
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Input<Q, P, B> {
  query: Out<Q>;
  params: Out<P>;
  body: Out<B>;
}

/**
 * Mounts `handler` for `op` on `app` (whose base path is `base`), parsing
 * query, path and JSON body through the operation's schemas first.
 */
export function mount<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType>(
  app: Hono<AppEnv>,
  base: string,
  op: Operation<Q, P, B>,
  handler: (input: Input<Q, P, B>, c: Context<AppEnv>) => Response | Promise<Response>,
): void {
  const local = op.path.slice(base.length) || "/";
  bases.set(app, base);
  document(op);
  app.on(op.method.toUpperCase(), local, async (c) => {
    const query = (op.query ? parseQuery(c, op.query) : undefined) as Out<Q>;
    const params = (op.params ? validate(op.params, c.req.param()) : undefined) as Out<P>;
    const body = (
      op.body && (!op.bodyType || op.bodyType === "application/json")
        ? await parseJsonBody(c, op.body, op.keepsNul)
        : undefined
    ) as Out<B>;
    return handler({ query, params, body }, c);
  });
}
