import { Agent, get } from "node:http";
import { type ServerType, serve } from "@hono/node-server";
import type { Harness } from "./harness.ts";

/** A harness's app listening on a free port of 127.0.0.1, as `startServer` serves it. */
export async function listen(h: Harness): Promise<{ url: string; close: () => Promise<void> }> {
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: h.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        // Kept-alive connections of the pollers would hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** One `GET /health` over a kept-alive connection; answers how long it took in ms. */
function askHealth(url: string, agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(`${url}/health`, { agent }, (res) => {
      res.resume();
      res.once("end", () => {
        if (res.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`/health answered ${res.statusCode}`));
      });
    }).once("error", reject);
  });
}

/** Asks `/health` over and over with two pollers until `until` resolves; answers the longest wait. */
async function pollHealth(url: string, agent: Agent, until: Promise<unknown>) {
  let done = false;
  let longestMs = 0;
  const stop = until.finally(() => {
    done = true;
  });
  const poller = async () => {
    while (!done) longestMs = Math.max(longestMs, await askHealth(url, agent));
  };
  await Promise.all([poller(), poller(), stop.catch(() => {})]);
  return longestMs;
}

/**
 * Runs `work` (a request to the same server) while `/health` is asked over
 * and over by two pollers, so one request is always in flight when the
 * server's thread stalls. Answers the longest time one took to answer, and
 * the longest in the second before the work started: on a machine busy
 * with other jobs the process itself waits for a core now and then
 * (docs/testing.md "Stalls").
 */
export async function healthDuring<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; longestMs: number; idleLongestMs: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    // Connections opened and the route warmed up first: only answers are timed.
    for (let k = 0; k < 20; k++) await Promise.all([askHealth(url, agent), askHealth(url, agent)]);
    const idleLongestMs = await pollHealth(url, agent, new Promise((r) => setTimeout(r, 1000)));
    let result!: T;
    const running = work().then((r) => {
      result = r;
    });
    const longestMs = await pollHealth(url, agent, running);
    await running;
    return { result, longestMs, idleLongestMs };
  } finally {
    agent.destroy();
  }
}

/**
 * The check of the tests that a request leaves the server answering: no
 * `/health` waited 100 ms longer than the longest wait of the idle second
 * before (docs/testing.md "Stalls").
 */
export const STALL_MARGIN_MS = 100;
