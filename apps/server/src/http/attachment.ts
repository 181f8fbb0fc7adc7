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

/**
 * The q-value `accept` gives `mediaType`: that of the most specific range
 * matching it (`type/sub`, then `type/*`, then `*\/*`), with its
 * specificity (2, 1, 0); undefined when no range matches.
 */
function qualityOf(
  accept: string,
  mediaType: string,
): { q: number; specificity: number } | undefined {
  const [type] = mediaType.split("/");
  let best: { q: number; specificity: number } | undefined;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const specificity =
      range === mediaType ? 2 : range === `${type}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity < 0 || (best && best.specificity >= specificity)) continue;
    const q = params.find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    best = { q: Number.isFinite(value) ? value : 0, specificity };
  }
  return best;
}

/**
 * Whether the request's `Accept` asks for `mediaType` rather than the default
 * `fallback` (content negotiation of one alternative): `mediaType` must be
 * named explicitly with a q above 0, and the client must not weigh
 * `fallback` higher.
 */
export function acceptsMediaType(
  accept: string | undefined,
  mediaType: string,
  fallback = "application/json",
): boolean {
  if (!accept) return false;
  const wanted = qualityOf(accept, mediaType);
  if (!wanted || wanted.specificity < 2 || wanted.q <= 0) return false;
  const other = qualityOf(accept, fallback);
  return other === undefined || wanted.q >= other.q;
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
