import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The client's address behind `hops` trusted reverse proxies
 * (METABUILD_TRUST_PROXY, docs/http-edge.md "Behind a reverse proxy"). Each
 * proxy appends the address it received the request from to
 * X-Forwarded-For, so only the last `hops` entries were written by proxies we
 * trust; the client may have put anything before them. With 0 hops the
 * header is ignored and the socket's peer is the client.
 */
export function forwardedClient(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  const own = socketAddress || "unknown";
  if (hops <= 0 || !forwardedFor) return own;
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return own;
  // Fewer entries than hops: the farthest address a trusted proxy recorded.
  return chain[Math.max(0, chain.length - hops)] ?? own;
}

/** The value `hops` entries from the right of a proxy header's list (X-Forwarded-Proto/-Host). */
export function forwardedValue(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const values = header
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return values[Math.max(0, values.length - hops)];
}

function trustedHops(c: Context): number {
  // c.get, not c.var: c.var copies every variable of the request.
  const deps = c.get("services" as never) as
    | { deps: { config: { trustProxy: number } } }
    | undefined;
  return deps?.deps.config.trustProxy ?? 0;
}

function socketAddressOf(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** This request's client address: sign-in throttle, request log and audit use it. */
export function clientAddressOf(c: Context): string {
  return forwardedClient(socketAddressOf(c), c.req.header("x-forwarded-for"), trustedHops(c));
}

/** The same rule for a raw Node request (the agents' WebSocket upgrade). */
export function clientAddressOfRequest(request: IncomingMessage, hops: number): string {
  const header = request.headers["x-forwarded-for"];
  return forwardedClient(
    request.socket.remoteAddress,
    Array.isArray(header) ? header.join(",") : header,
    hops,
  );
}
