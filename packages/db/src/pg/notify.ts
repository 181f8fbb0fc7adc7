import pg from "pg";
import type { Db } from "../client.ts";
import { postgresStateOf } from "./handle.ts";

/**
 * A channel every server process on one PostgreSQL store hears
 * (docs/scale-out.md "Events"): `LISTEN` on a connection of its own,
 * `pg_notify` through the pool. A lost listening connection is opened again
 * after a second; what was sent meanwhile is not heard (streams reload).
 */
export interface StoreChannel {
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's bound on a notification's payload, in bytes. */
export const MAX_CHANNEL_PAYLOAD = 7999;

/** Opens `name` on a PostgreSQL store; undefined on SQLite, where one process is the only server. */
export async function openStoreChannel(
  db: Db,
  name: string,
  heard: (payload: string) => void,
  failed: (err: Error) => void,
): Promise<StoreChannel | undefined> {
  const state = postgresStateOf(db);
  if (!state) return undefined;
  const pool = state.root.$client;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    const client = new pg.Client(pool.options);
    client.on("notification", (n) => {
      if (n.channel === name && n.payload !== undefined) heard(n.payload);
    });
    client.on("error", (err) => {
      failed(err);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen().catch(failed), 1000);
    });
    await client.connect();
    await client.query(`LISTEN "${name.replace(/"/g, '""')}"`);
    listener = client;
  };
  await listen();
  return {
    async send(payload) {
      await pool.query("select pg_notify($1, $2)", [name, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
    },
  };
}

/**
 * `name` on any store: on PostgreSQL the store channel above, on SQLite
 * (one server process) a channel inside this process, so the callers' code
 * path is the same on both. A sender hears its own payloads on both.
 */
export async function openProcessChannel(
  db: Db,
  name: string,
  heard: (payload: string) => void,
  failed: (err: Error) => void,
): Promise<StoreChannel> {
  const store = await openStoreChannel(db, name, heard, failed);
  if (store) return store;
  let closed = false;
  return {
    async send(payload) {
      if (!closed) setImmediate(() => heard(payload));
    },
    async close() {
      closed = true;
    },
  };
}
