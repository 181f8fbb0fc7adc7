import type pg from "pg";
import type { Db } from "../client.ts";
import { postgresRoot } from "../pg/handle.ts";
import { prepareMetadataReader } from "./confine.ts";

/**
 * The PostgreSQL store's side of metadata statements (docs/metadata-sql.md
 * "On PostgreSQL"): the pool the runner takes its connections from, the
 * connection of the transaction a script writes in, and the reader set up
 * once per opened store.
 */

const prepared = new WeakMap<object, Promise<void>>();

/**
 * Sets up the reader role, functions and policies (prepareMetadataReader)
 * once per opened store: call it when a PostgreSQL store is opened for
 * serving. Later calls answer the same promise; a failure is not kept, so
 * the next call tries again.
 */
export function prepareMetadataStore(db: Db): Promise<void> {
  const root = postgresRoot(db);
  let done = prepared.get(root);
  if (!done) {
    done = (async () => {
      const client = await root.$client.connect();
      try {
        await prepareMetadataReader(client);
      } finally {
        client.release();
      }
    })();
    prepared.set(root, done);
    done.catch(() => prepared.delete(root));
  }
  return done;
}

/** The connection pool of a PostgreSQL store. */
export function metadataPool(db: Db): pg.Pool {
  return postgresRoot(db).$client;
}

/**
 * The connection of the transaction open on `db` (inside `transaction(db, …)`):
 * a write's rows are computed there, so they see the script's earlier writes.
 */
export function transactionClient(db: Db): pg.PoolClient {
  const session = (db as unknown as { session?: { client?: pg.PoolClient } }).session;
  const client = session?.client;
  if (!client || client === (metadataPool(db) as unknown)) throw new Error("not in a transaction");
  return client;
}
