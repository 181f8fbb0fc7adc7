import { describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { TEST_PASSWORD, createHarness, seedBasic } from "../testing/harness.ts";

/**
 * Issue 12 item 8: a cookie sign-in (and every cookie write) must come from
 * this server's own origin, compared by scheme, host and port; a proxy's
 * X-Forwarded-Host/-Proto count only when METABUILD_TRUST_PROXY is on.
 */
async function signIn(config: Partial<Config>, url: string, headers: Record<string, string>) {
  const h = createHarness(config);
  await seedBasic(h.db);
  return h.app.request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
  });
}

async function getsCookie(
  config: Partial<Config>,
  url: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const res = await signIn(config, url, headers);
  expect(res.status).toBe(201);
  return /metabuild_session=[^;]+/.test(res.headers.get("set-cookie") ?? "");
}

const PROXIED = { Host: "127.0.0.1:8080", "X-Forwarded-Host": "metabuild.example.com" };

describe("same-origin check of cookie writes", () => {
  it("compares the scheme: an https page is not this http server", async () => {
    const url = "http://localhost:8080/authentication";
    const host = { Host: "localhost:8080" };
    expect(await getsCookie({}, url, { ...host, Origin: "http://localhost:8080" })).toBe(true);
    expect(await getsCookie({}, url, { ...host, Origin: "https://localhost:8080" })).toBe(false);
  });

  it("compares the port, with the scheme's default port filled in", async () => {
    const url = "http://localhost/authentication";
    expect(await getsCookie({}, url, { Host: "localhost", Origin: "http://localhost:80" })).toBe(
      true,
    );
    expect(await getsCookie({}, url, { Host: "localhost", Origin: "http://localhost:81" })).toBe(
      false,
    );
  });

  it("ignores X-Forwarded-Host unless a trusted proxy is configured", async () => {
    const url = "http://127.0.0.1:8080/authentication";
    const origin = { Origin: "https://metabuild.example.com" };
    const forwarded = { ...PROXIED, "X-Forwarded-Proto": "https", ...origin };
    expect(await getsCookie({}, url, forwarded)).toBe(false);
    expect(await getsCookie({ trustProxy: 1 }, url, forwarded)).toBe(true);
  });

  it("takes the scheme from a trusted proxy's X-Forwarded-Proto", async () => {
    const url = "http://127.0.0.1:8080/authentication";
    const trusted = { trustProxy: 1 };
    const page = { Origin: "https://metabuild.example.com" };
    // Without X-Forwarded-Proto the scheme is the one the request arrived with (http).
    expect(await getsCookie(trusted, url, { ...PROXIED, ...page })).toBe(false);
    expect(
      await getsCookie(trusted, url, {
        ...PROXIED,
        "X-Forwarded-Proto": "http",
        Origin: "http://metabuild.example.com",
      }),
    ).toBe(true);
    expect(
      await getsCookie(trusted, url, { ...PROXIED, "X-Forwarded-Proto": "https", ...page }),
    ).toBe(true);
  });
});
