import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { parseJsonBody, parseQuery, validate } from "./input.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** One documented operation: its schemas validate requests and feed the OpenAPI document. */
export interface Operation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Full path in Hono syntax, e.g. `/api/v1/projects/:id`. */
  path: string;
  summary: string;
  tags: string[];
  /** false for the few public operations (sign-in, health). */
  auth?: boolean;
  query?: Q;
  params?: P;
  body?: B;
  /** `json` (default) or a binary or multipart media type for the docs. */
  bodyType?: string;
  response?: z.ZodType;
  /** Media type of a binary answer, for the docs. */
  responseType?: string;
  status?: number;
  description?: string;
  /**
   * Error statuses this operation answers beyond those `http/openapi.ts`
   * derives from its shape (400, 401, 403, 404, 413, 415); e.g. 409, 429.
   */
  errors?: readonly number[];
  /**
   * Top-level body fields that may hold NUL because the service handles it
   * (a metadata statement, docs/metadata-sql.md); NUL in any other text is a
   * 400 naming the field (`http/input.ts`).
   */
  keepsNul?: readonly string[];
  /** Other statuses whose body has the success shape, e.g. a readiness probe's 503. */
  alsoAnswers?: Readonly<Record<number, string>>;
}

const registry: Operation[] = [];

/** Every operation defined so far (for the OpenAPI document). */
export function operations(): readonly Operation[] {
  return registry;
}

export function defineOperation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
>(op: Operation<Q, P, B>): Operation<Q, P, B> {
  if (!registry.some((o) => o.method === op.method && o.path === op.path)) registry.push(op);
  return op;
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
