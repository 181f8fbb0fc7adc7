import { PayloadTooLarge } from "@metabuild/core";
import type { Context, MiddlewareHandler } from "hono";

const tooLarge = (maxBytes: number) =>
  new PayloadTooLarge(`The request body exceeds ${maxBytes} bytes`);

/**
 * Passes the body on while counting it, and fails the read with 413 once it
 * passes `maxBytes`. The source is only released, not cancelled: cancelling
 * would destroy the socket before the 413 is written. The server then drains
 * a little of the rest and closes the connection (docs/http-edge.md).
 */
function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > maxBytes) {
        reader.releaseLock();
        controller.error(tooLarge(maxBytes));
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Refuses a request body over `maxBytes` with 413 before it is buffered
 * (docs/http-edge.md): a declared Content-Length at once, unread; a chunked
 * body as soon as it grows past the limit. `exempt` requests keep their own
 * limit (the spreadsheet upload streams to disk).
 */
export function limitBody(
  maxBytes: number,
  exempt: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  return limitBodies([{ maxBytes, exempt }]);
}

/** A limit of `limitBodies`: `exempt` requests skip it. */
export interface BodyLimit {
  maxBytes: number;
  exempt: (c: Context) => boolean;
}

/**
 * `limitBody` for each limit in turn, as one middleware: the same checks
 * in the same order as one middleware per limit, one step less for every
 * request to pass through.
 */
export function limitBodies(limits: readonly BodyLimit[]): MiddlewareHandler {
  return (c, next) => {
    for (const { maxBytes, exempt } of limits) if (!exempt(c)) checkBody(c, maxBytes);
    return next();
  };
}

function checkBody(c: Context, maxBytes: number): void {
  const declared = c.req.header("content-length");
  if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
    // Node's parser never hands on more bytes than the declared length.
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    return;
  }
  // A GET or HEAD request has no body to count (fetch's Request refuses one,
  // @hono/node-server never gives it one); reading `c.req.raw.body` would
  // build the full Request object for nothing.
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return;
  const body = c.req.raw.body;
  if (body) {
    c.req.raw = new Request(c.req.raw, {
      body: countedBody(body, maxBytes),
      duplex: "half",
    } as RequestInit);
  }
}
