import { streamEvents } from "@metabuild/contract/operations";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { mount } from "../../http/operation.ts";
import { type AppEvent, EventFeed, SERVER_STOPPING, endsSession } from "../../services/events.ts";

const base = "/api/console/events";
/** Per build, the stream sends at most one update per interval. */
const FLUSH_INTERVAL_MS = 100;
/** A comment line now and then keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15000;
/**
 * How often an idle stream asks the store whether its token still holds
 * (it also asks before each write): a sign-out or a disabled user from
 * another process (the CLI, a second server) sends this one no signal
 * (docs/sessions.md).
 */
const SESSION_CHECK_MS = 2000;
/**
 * When the server stops, a stream's last line asks the browser to reconnect
 * after this long (SSE `retry:`), by when the next server usually listens
 * (docs/operations.md "Shutdown").
 */
export const RECONNECT_AFTER_MS = 3000;

/** What a client receives: a build's state, or the event without its routing fields. */
function payload(event: AppEvent): unknown {
  if (event.build) return event.build;
  const { type: _type, customerId: _customer, ...rest } = event;
  return rest;
}

export function eventRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, base, streamEvents, ({ query }, c) => {
    const { auth, builds, events } = c.var.services;
    const principal = c.var.principal;
    const token = c.var.token;
    const session = { userId: principal.id, jti: token.jti };
    return streamSSE(c, async (stream) => {
      const feed = new EventFeed(principal.customerId, (projectId) =>
        builds.canSee(principal, projectId),
      );
      // Subscribe before reading the current state, so nothing falls in between.
      // A sign-out, disabled user or removed grant made here ends the stream at once.
      let serverStopping = false;
      const unsubscribe = events.subscribe(
        (e) => {
          if (e.type === SERVER_STOPPING) {
            serverStopping = true;
            feed.close();
          } else if (endsSession(e, session)) feed.end();
          else feed.offer(e);
        },
        { fromOtherProcesses: true },
      );
      stream.onAbort(() => feed.close());
      const streamClosed = c.var.services.deps.metrics.eventStreamOpened();
      let checked = Date.now();
      let written = Date.now();
      try {
        for (const build of await builds.snapshot(principal, query.build_id))
          await stream.writeSSE({ event: "build.status", data: JSON.stringify(build) });
        while (!feed.closed && !stream.aborted) {
          const batch = await feed.next(SESSION_CHECK_MS);
          if (stream.aborted || feed.closed) break;
          // Before every write, and every few seconds when idle (one indexed read).
          if (batch.length > 0 || Date.now() - checked >= SESSION_CHECK_MS) {
            if (!(await auth.stillValid(token.raw))) break;
            checked = Date.now();
          }
          if (batch.length === 0) {
            if (Date.now() - written < KEEP_ALIVE_MS) continue;
            await stream.write(": keep-alive\n\n");
            written = Date.now();
            continue;
          }
          for (const e of batch) {
            // Ended while writing: the rest may no longer be for this session.
            if (feed.closed) break;
            await stream.writeSSE({ event: e.type, data: JSON.stringify(payload(e)) });
          }
          written = Date.now();
          await stream.sleep(FLUSH_INTERVAL_MS);
        }
        if (serverStopping && !stream.aborted)
          await stream.write(`: the server is restarting\nretry: ${RECONNECT_AFTER_MS}\n\n`);
      } finally {
        unsubscribe();
        feed.close();
        streamClosed();
      }
    });
  });
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
