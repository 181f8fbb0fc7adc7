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
        server.closeAllConnections?.();
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

/**
 * Runs `work` (a request to the same server) while `/health` is asked over
 * and over by two pollers, so one request is always in flight when the
 * server's thread stalls; answers the longest time one took to answer
 * (docs/testing.md "Stalls").
 */
export async function healthDuring<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; longestMs: number; answers: number }> {
  let done = false;
  let longestMs = 0;
  let answers = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const poller = async () => {
    while (!done) {
      longestMs = Math.max(longestMs, await askHealth(url, agent));
      answers++;
    }
  };
  // Connections opened and the route warmed up before the work starts: only answers are timed.
  for (let k = 0; k < 20; k++) await Promise.all([askHealth(url, agent), askHealth(url, agent)]);
  const polling = Promise.all([poller(), poller()]);
  try {
    const result = await work();
    done = true;
    await polling;
    return { result, longestMs, answers };
  } finally {
    done = true;
    await polling.catch(() => {});
    agent.destroy();
  }
}
