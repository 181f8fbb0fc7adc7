import type { Context } from "hono";

/** The JSON text of answers made by `sendJson`, while they are still the answer. */
const texts = new WeakMap<Response, string>();

/**
 * `c.json(value)` (the same status, headers and bytes) that remembers the
 * answer's text, so `compress` can decide without reading the body back:
 * reading it turns the text answer into a stream that costs more CPU than
 * a small read itself (docs/performance.md).
 */
export function sendJson(c: Context, value: unknown): Response {
  const text = JSON.stringify(value);
  const res = c.newResponse(text, undefined, { "Content-Type": "application/json" });
  texts.set(res, text);
  return res;
}

/** The text of an answer `sendJson` made, or undefined. */
export function jsonTextOf(res: Response): string | undefined {
  return texts.get(res);
}
