import { randomUUID } from "node:crypto";
import { type Db, MAX_CHANNEL_PAYLOAD, openStoreChannel } from "@metabuild/db";
import type { Logger } from "../infra/logger.ts";
import type { AppEvent, EventBus } from "./events.ts";

/** The store channel events travel on between server processes. */
const CHANNEL = "metabuild_events";

interface Relayed {
  /** The publishing process's run, so it does not hear its own events twice. */
  origin: string;
  event: AppEvent;
}

/**
 * Carries every event this process publishes to the other server processes
 * of a PostgreSQL store, and theirs to this process's event streams
 * (docs/scale-out.md "Events"): build progress, agents going on- and
 * offline, sessions ending. On SQLite (one server) nothing is opened.
 * Answers the function that stops relaying.
 */
export async function relayEvents(
  db: Db,
  bus: EventBus,
  logger: Logger,
): Promise<() => Promise<void>> {
  const origin = randomUUID();
  const channel = await openStoreChannel(
    db,
    CHANNEL,
    (payload) => {
      let relayed: Relayed;
      try {
        relayed = JSON.parse(payload) as Relayed;
      } catch {
        return;
      }
      if (relayed.origin !== origin) bus.publishFromOtherProcess(relayed.event);
    },
    (err) => logger.warn(`Event channel: ${err.message}`),
  );
  if (!channel) return async () => {};
  bus.relayTo((event) => {
    const payload = JSON.stringify({ origin, event } satisfies Relayed);
    if (Buffer.byteLength(payload) > MAX_CHANNEL_PAYLOAD) {
      logger.warn(`Event ${event.type} is too large for the other server processes; not relayed`);
      return;
    }
    channel.send(payload).catch((err: Error) => logger.warn(`Event channel: ${err.message}`));
  });
  return async () => {
    bus.relayTo(undefined);
    await channel.close();
  };
}
