import { describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { createLogger } from "../infra/logger.ts";
import { TEST_PASSWORD, createHarness, seedBasic } from "../testing/harness.ts";
import { forwardedClient } from "./client-address.ts";

/**
 * Issue 16 item 6: with METABUILD_TRUST_PROXY=N the client is the address N
 * entries from the right of X-Forwarded-For (each trusted proxy appends the
 * address it saw); with 0 the header is ignored (docs/http-edge.md).
 */
const limits = { perEmailAndClient: 3, perClient: 3, perEmail: 1000, windowSeconds: 900 };

async function setup(config: Partial<Config>) {
  const lines: string[] = [];
  const logger = createLogger({
    level: "info",
    destination: { write: (l: string) => lines.push(l) },
  });
  const h = createHarness({ loginThrottle: limits, ...config }, { logger });
  await seedBasic(h.db);
  /** A failed sign-in arriving on a socket from `socket` with the given X-Forwarded-For. */
  const failFrom = (socket: string, forwardedFor?: string) =>
    h.app.request(
      "/authentication",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
        },
        body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: "wrong" }),
      },
      { incoming: { socket: { remoteAddress: socket } } },
    );
  const requestLines = () =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "request");
  return { h, failFrom, requestLines };
}

describe("client address: the X-Forwarded-For rule", () => {
  it("takes the entry N from the right, the socket's address with 0 hops", () => {
    expect(forwardedClient("10.0.0.1", "6.6.6.6", 0)).toBe("10.0.0.1");
    expect(forwardedClient("10.0.0.1", "6.6.6.6, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(forwardedClient("10.0.0.1", "6.6.6.6, 203.0.113.5, 10.0.0.2", 2)).toBe("203.0.113.5");
    // A chain shorter than the hops: the farthest address any trusted proxy saw.
    expect(forwardedClient("10.0.0.1", "203.0.113.5", 3)).toBe("203.0.113.5");
    expect(forwardedClient("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
    expect(forwardedClient(undefined, undefined, 0)).toBe("unknown");
  });
});

describe("client address: sign-in throttle behind a proxy", () => {
  it("ignores a spoofed X-Forwarded-For with TRUST_PROXY=0", async () => {
    const { failFrom } = await setup({ trustProxy: 0 });
    for (let i = 0; i < limits.perClient; i++)
      expect((await failFrom("198.51.100.7", `203.0.113.${i}`)).status).toBe(401);
    // Another made-up address in the header does not make a fresh client.
    expect((await failFrom("198.51.100.7", "203.0.113.200")).status).toBe(429);
  });

  it("with 1 hop, throttles the address the proxy appended, not the proxy itself", async () => {
    const { failFrom } = await setup({ trustProxy: 1 });
    for (let i = 0; i < limits.perClient; i++)
      expect((await failFrom("127.0.0.1", "203.0.113.5")).status).toBe(401);
    expect((await failFrom("127.0.0.1", "203.0.113.5")).status).toBe(429);
    // Another client behind the same proxy is still let in.
    expect((await failFrom("127.0.0.1", "203.0.113.9")).status).toBe(401);
  });

  it("with 1 hop, a longer chain cannot spoof: the client's own prefix is ignored", async () => {
    const { failFrom } = await setup({ trustProxy: 1 });
    for (let i = 0; i < limits.perClient; i++)
      expect((await failFrom("127.0.0.1", `10.9.9.${i}, 203.0.113.5`)).status).toBe(401);
    expect((await failFrom("127.0.0.1", "10.9.9.99, 203.0.113.5")).status).toBe(429);
  });

  it("writes that address into the request log", async () => {
    const { failFrom, requestLines } = await setup({ trustProxy: 1 });
    await failFrom("127.0.0.1", "6.6.6.6, 203.0.113.5");
    expect(requestLines().at(-1)).toMatchObject({ client: "203.0.113.5", status: 401 });
    const direct = await setup({ trustProxy: 0 });
    await direct.failFrom("198.51.100.7", "6.6.6.6");
    expect(direct.requestLines().at(-1)).toMatchObject({ client: "198.51.100.7" });
  });
});

describe("client address: a proxied sign-in still works", () => {
  it("signs in through one hop", async () => {
    const { h } = await setup({ trustProxy: 1 });
    const res = await h.app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.5" },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(201);
  });
});
