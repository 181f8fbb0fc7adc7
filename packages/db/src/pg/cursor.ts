import type { Db } from "../client.ts";
import { postgresRoot } from "./handle.ts";

/** A statement as text and its parameter values ($1, $2, …). */
export interface TextQuery {
  sql: string;
  params: unknown[];
}

/**
 * Reads a long answer from PostgreSQL in batches: `first` (e.g. a count), then
 * `query` through a cursor, both in one read-only snapshot on a connection of
 * its own (docs/stores.md "Streamed lists"). The caller can send each batch
 * while PostgreSQL builds the next: the next FETCH is asked for before a
 * batch is handed out. The connection goes back to the pool when the batches
 * end, fail or are abandoned (`return()` of the iterator).
 */
export async function readThroughCursor(
  db: Db,
  first: TextQuery,
  query: TextQuery,
  batch: number,
): Promise<{ first: unknown[][]; batches: AsyncGenerator<unknown[][]> }> {
  const client = await postgresRoot(db).$client.connect();
  let open = true;
  const end = async (commit: boolean) => {
    if (!open) return;
    open = false;
    try {
      await client.query(commit ? "commit" : "rollback");
      client.release();
    } catch (err) {
      // A connection in an unknown state is closed rather than pooled.
      client.release(err as Error);
    }
  };
  const rows = async (q: TextQuery) =>
    (await client.query<unknown[]>({ text: q.sql, values: q.params, rowMode: "array" })).rows;
  let firstRows: unknown[][];
  try {
    await client.query("begin isolation level repeatable read read only");
    firstRows = await rows(first);
    await client.query({
      text: `declare list_cursor no scroll cursor for ${query.sql}`,
      values: query.params,
    });
  } catch (err) {
    await end(false);
    throw err;
  }
  const fetch = () => {
    const next = rows({ sql: `fetch ${batch} from list_cursor`, params: [] });
    // Abandoned iterators leave a prefetch behind: its failure is not news.
    next.catch(() => {});
    return next;
  };
  async function* batches(): AsyncGenerator<unknown[][]> {
    try {
      let next = fetch();
      for (;;) {
        const got = await next;
        const last = got.length < batch;
        if (!last) next = fetch();
        yield got;
        if (last) break;
      }
      await end(true);
    } finally {
      await end(false);
    }
  }
  return { first: firstRows, batches: batches() };
}
