import type { Context } from "hono";

/** Lists answer a plain array; `X-Total-Count` carries the unpaged count (docs/reference/rules.md §3). */
export function sendList<T>(c: Context, page: { items: T[]; total: number }) {
  c.header("X-Total-Count", String(page.total));
  return c.json(page.items);
}

/** A list whose JSON text the store has already written (large lists: no parse, no re-stringify). */
export function sendListJson(c: Context, page: { json: string; total: number }) {
  c.header("X-Total-Count", String(page.total));
  c.header("Content-Type", "application/json");
  return c.body(page.json);
}
