import { AppError, BadRequest, GeneralError, NotFound, PayloadTooLarge } from "@metabuild/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Logger = Pick<Console, "info" | "warn" | "error">;

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new PayloadTooLarge(err.message || "The request is too large");
    if (err.status === 400) return new BadRequest(err.message || "Bad request");
  }
  if (err instanceof SyntaxError) return new BadRequest("The request body is not valid JSON");
  return new GeneralError("Internal server error");
}

/** The one place that writes error bodies (product.md §3). Details of 500s go to the log only. */
export function errorHandler(logger: Logger) {
  return (err: unknown, c: Context) => {
    const appError = toAppError(err);
    if (appError.code >= 500) {
      logger.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, err);
    }
    for (const [k, v] of Object.entries(appError.headers)) c.header(k, v);
    return c.json(appError.toBody(), appError.code as ContentfulStatusCode);
  };
}

export function notFoundHandler(c: Context) {
  const err = new NotFound("Page not found");
  return c.json(err.toBody(), 404);
}
