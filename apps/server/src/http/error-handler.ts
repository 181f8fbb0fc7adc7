import { AppError, BadRequest, GeneralError, NotFound, PayloadTooLarge } from "@metabuild/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "../infra/logger.ts";
import { requestIdOf, routeOf } from "./request-log.ts";

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new PayloadTooLarge(err.message || "The request is too large");
    if (err.status === 400) return new BadRequest(err.message || "Bad request");
  }
  if (err instanceof SyntaxError) return new BadRequest("The request body is not valid JSON");
  return new GeneralError("Internal server error");
}

/**
 * The body with the request id in `data` (docs/observability.md "Request
 * id"): added to an object or as the only field; a list (validation issues)
 * keeps its shape and the id is only in the X-Request-Id header.
 */
function bodyWithRequestId(err: AppError, c: Context) {
  const body = err.toBody();
  const id = requestIdOf(c);
  if (!id) return body;
  if (body.data === undefined) body.data = { request_id: id };
  else if (body.data !== null && typeof body.data === "object" && !Array.isArray(body.data))
    body.data = { ...body.data, request_id: id };
  return body;
}

/** The one place that writes error bodies (docs/reference/rules.md §3). Details of 500s go to the log only. */
export function errorHandler(logger: Logger) {
  return (err: unknown, c: Context) => {
    const appError = toAppError(err);
    if (appError.code >= 500) {
      // The route pattern, not the raw path: a path may carry names or ids (docs/observability.md).
      logger.error(`${c.req.method} ${routeOf(c)} failed:`, err, {
        request_id: requestIdOf(c),
      });
    }
    for (const [k, v] of Object.entries(appError.headers)) c.header(k, v);
    return c.json(bodyWithRequestId(appError, c), appError.code as ContentfulStatusCode);
  };
}

export function notFoundHandler(c: Context) {
  const err = new NotFound("Page not found");
  return c.json(bodyWithRequestId(err, c), 404);
}
