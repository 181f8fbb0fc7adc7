import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Context } from "hono";

/**
 * `Content-Disposition` for a file download: a plain ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*` (UTF-8).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Whether the request's `Accept` asks for `mediaType` (content negotiation of one alternative). */
export function acceptsMediaType(accept: string | undefined, mediaType: string): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    const [type, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === mediaType && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Answers a streamed file download named `file.filename`. */
export function sendAttachment(
  c: Context,
  file: { filename: string; body: ReadableStream<Uint8Array> | WebReadableStream<Uint8Array> },
  contentType: string,
): Response {
  return c.body(file.body as ReadableStream, 200, {
    "Content-Type": contentType,
    "Content-Disposition": attachmentDisposition(file.filename),
  });
}
