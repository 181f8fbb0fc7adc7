import type { z } from "zod";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * One operation of the API, declared once: the server mounts it (its schemas
 * validate requests and feed the OpenAPI document), and the console's typed
 * client is generated from that document (docs/architecture.md "Operations").
 */
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
   * Error statuses this operation answers beyond those the server's OpenAPI
   * document derives from its shape (400, 401, 403, 404, 413, 415); e.g. 409, 429.
   */
  errors?: readonly number[];
  /**
   * Top-level body fields that may hold NUL because the service handles it
   * (a metadata statement, docs/metadata-sql.md); NUL in any other text is a
   * 400 naming the field.
   */
  keepsNul?: readonly string[];
  /** Other statuses whose body has the success shape, e.g. a readiness probe's 503. */
  alsoAnswers?: Readonly<Record<number, string>>;
}

/** Declares an operation; only types it (the server registers what it mounts). */
export function defineOperation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
>(op: Operation<Q, P, B>): Operation<Q, P, B> {
  return op;
}
