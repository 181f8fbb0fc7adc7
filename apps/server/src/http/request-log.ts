import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger, RequestLogEntry } from "../infra/logger.ts";
import type { Metrics } from "../infra/metrics.ts";
import { clientAddressOf } from "./client-address.ts";

/** An incoming X-Request-Id is kept only when it is this (docs/observability.md "Request id"). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** The route of an answer no route matched: one label, whatever the path was. */
export const UNMATCHED_ROUTE = "(unmatched)";

const REQUEST_ID = "requestId";

/** This request's id (set first thing by `requestLog`); undefined outside a request. */
export function requestIdOf(c: Context): string | undefined {
  return c.get(REQUEST_ID as never) as string | undefined;
}

/**
 * The route pattern that answered (`/api/v1/instances/:id`): the last route
 * matched that is not a middleware (`*`), so the log and the metrics never
 * carry ids or names from the raw path.
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c);
  for (let k = Math.min(c.req.routeIndex, routes.length - 1); k >= 0; k--) {
    const r = routes[k];
    if (r && !(r.method === "ALL" && r.path.endsWith("*"))) return r.path.replace(/\/$/, "") || "/";
  }
  return UNMATCHED_ROUTE;
}

/**
 * The first middleware: gives each request its id (X-Request-Id both ways),
 * then writes the request log line and counts it once the answer is known.
 */
export function requestLog(logger: Logger, metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    // Node counts what it sends on the socket (a public number): the answer's bytes are the growth.
    const socket = outgoing?.socket;
    const socketBytes = socket?.bytesWritten ?? 0;
    const incoming = c.req.header("X-Request-Id");
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set(REQUEST_ID as never, id as never);
    await next();
    // On the answer's own headers: `c.header()` after the handler would copy the
    // answer into a new Response, turning a text body into a stream to pump.
    c.res.headers.set("X-Request-Id", id);
    const ms = performance.now() - started;
    const route = routeOf(c);
    const status = c.res.status;
    metrics.observeRequest(c.req.method, route, status, ms / 1000);
    const principal = c.get("principal" as never) as { id: number } | undefined;
    const entry: RequestLogEntry = {
      request_id: id,
      method: c.req.method,
      route,
      status,
      ms: 0,
      client: clientAddressOf(c),
    };
    if (principal) entry.user_id = principal.id;
    const write = (bytes: number | undefined) => {
      entry.ms = Math.round((performance.now() - started) * 10) / 10;
      if (bytes !== undefined && Number.isFinite(bytes)) entry.bytes = bytes;
      logger.request?.(entry);
    };
    // On a real server the line is written once the answer is sent (ms covers
    // the sending; bytes are on the wire, headers included); under app.request()
    // (tests) at once, with the body's stated length.
    if (!outgoing?.once || !socket) {
      const length = c.res.headers.get("Content-Length");
      return write(length === null ? undefined : Number(length));
    }
    let written = false;
    const sent = () => {
      if (written) return;
      written = true;
      write(socket.bytesWritten - socketBytes);
    };
    outgoing.once("finish", sent);
    outgoing.once("close", sent);
  };
}
