import type { Context } from "hono";

/** Lists answer a plain array; `X-Total-Count` carries the unpaged count (docs/reference/rules.md §3). */
export function sendList<T>(c: Context, page: { items: T[]; total: number }) {
  c.header("X-Total-Count", String(page.total));
  return c.json(page.items);
}

/**
 * A list whose JSON text the store has already written (large lists: no parse,
 * no re-stringify); chunks of it (a long list on PostgreSQL, read through a
 * cursor) are sent as they come, the next read while one is written. Headers
 * first: the store counted before the first chunk.
 */
export function sendListJson(
  c: Context,
  page: { json: string | AsyncIterable<string>; total: number },
) {
  c.header("X-Total-Count", String(page.total));
  c.header("Content-Type", "application/json");
  if (typeof page.json === "string") return c.body(page.json);
  const chunks = page.json[Symbol.asyncIterator]();
  return c.body(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(Buffer.from(next.value));
      },
      // The client went away: the store's cursor and connection are given back.
      async cancel() {
        await chunks.return?.();
      },
    }),
  );
}
