import type { Server } from "node:http";

/**
 * Graceful shutdown (docs/operations.md "Shutdown"): stop accepting, end the
 * connections that never end by themselves, let requests in flight finish
 * within the grace period, then release the children and the store.
 */
export interface DrainSteps {
  server: Server;
  /** Event streams (with a reconnect hint) and agent sockets (1012): they never end by themselves. */
  endLongLived(): void;
  /** Running builds stop at their next chunk and stay queued for the next start. */
  stopBuilds(): Promise<void>;
  /** Once no request runs any more: executor children, the store's lease, the store. */
  release(): void | Promise<void>;
}

const POLL_MS = 50;
const LAST_CLOSE_MS = 2000;

export async function drain(steps: DrainSteps, graceMs: number): Promise<void> {
  const { server } = steps;
  let closed = false;
  // No new connection from here on; the callback runs once every connection has ended.
  const allClosed = new Promise<void>((resolve) =>
    server.close(() => {
      closed = true;
      resolve();
    }),
  );
  steps.endLongLived();
  const builds = steps.stopBuilds();
  const deadline = Date.now() + graceMs;
  while (!closed && Date.now() < deadline) {
    // A keep-alive connection whose request is done closes now; busy ones finish first.
    server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  // Past the grace period: whatever still runs is cut.
  server.closeAllConnections();
  await builds;
  await steps.release();
  // Cut sockets and agents' WebSocket close handshakes end within moments; a dead peer is not waited for.
  await Promise.race([allClosed, new Promise((r) => setTimeout(r, LAST_CLOSE_MS))]);
}

export interface SignalOptions {
  graceSeconds: number;
  /** Closes the server with that grace period (RunningServer.close). */
  close(graceMs: number): Promise<void>;
  log(line: string): void;
  exit(code: number): void;
}

/**
 * SIGTERM or SIGINT drains and exits 0; a second signal while draining
 * exits at once (1), for a person who does not want to wait.
 */
export function stopOnSignals(o: SignalOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      o.log(`${signal} again: stopping now, without waiting for requests`);
      o.exit(1);
      return;
    }
    stopping = true;
    o.log(`${signal}: finishing requests in flight (up to ${o.graceSeconds} s), then stopping`);
    o.close(o.graceSeconds * 1000).then(
      () => o.exit(0),
      (err: unknown) => {
        o.log(`The server did not stop cleanly: ${err instanceof Error ? err.message : err}`);
        o.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
