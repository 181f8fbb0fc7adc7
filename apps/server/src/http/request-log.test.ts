import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import { createLogger } from "../infra/logger.ts";
import { startServer } from "../server.ts";
import { TEST_PASSWORD, createHarness, seedBasic } from "../testing/harness.ts";

/** A harness whose logger writes JSON lines into `lines`. */
async function loggedHarness(level = "info") {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (l: string) => lines.push(l) } });
  const h = createHarness({}, { logger });
  const seed = await seedBasic(h.db);
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const requests = () => entries().filter((e) => e.msg === "request");
  return { h, seed, lines, entries, requests };
}

describe("request id", () => {
  it("is generated for every answer and sent back in X-Request-Id", async () => {
    const { h } = await loggedHarness();
    const a = await h.app.request("/health");
    const b = await h.app.request("/health");
    expect(a.headers.get("X-Request-Id")).toMatch(/^[\w-]{8,}$/);
    expect(b.headers.get("X-Request-Id")).not.toBe(a.headers.get("X-Request-Id"));
  });

  it("keeps a short safe incoming id and replaces an unsafe or long one", async () => {
    const { h } = await loggedHarness();
    const kept = await h.app.request("/health", { headers: { "X-Request-Id": "lb-42.abc_Z" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-42.abc_Z");
    for (const bad of ["a b", "x".repeat(200), "<script>", "id\u00e9"]) {
      const res = await h.app.request("/health", { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("X-Request-Id");
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[\w-]{8,}$/);
    }
  });

  it("is in an error body's data, next to data already there", async () => {
    const { h, seed } = await loggedHarness();
    const token = await h.token(seed.ann.email);
    // No data of its own: data holds only the request id.
    const missing = await h.call("/api/v1/projects/999999", token);
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { data: { request_id: string }; name: string };
    expect(body.name).toBe("NotFound");
    expect(body.data).toEqual({ request_id: missing.headers.get("X-Request-Id") });
    // An unknown path too.
    const unknown = await h.app.request("/api/no/such/page", {
      headers: { "X-Request-Id": "abc-1" },
    });
    expect(((await unknown.json()) as { data: unknown }).data).toEqual({ request_id: "abc-1" });
  });

  it("leaves a validation error's list of issues as it is", async () => {
    const { h } = await loggedHarness();
    const res = await h.app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "req-7" },
      body: JSON.stringify({ strategy: "local", password: "x" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("X-Request-Id")).toBe("req-7");
    const body = (await res.json()) as { data?: unknown };
    if (body.data !== undefined && Array.isArray(body.data)) {
      for (const issue of body.data) expect(issue).toHaveProperty("message");
    }
  });
});

describe("request log", () => {
  it("writes one JSON line per request: id, method, route pattern, status, ms, user, bytes", async () => {
    const { h, seed, requests } = await loggedHarness();
    const token = await h.token(seed.ann.email);
    const res = await h.call(`/api/v1/projects/${seed.dwh.id}`, token, {
      headers: { "X-Request-Id": "trace-1" },
    });
    expect(res.status).toBe(200);
    const entry = requests().find((e) => e.request_id === "trace-1");
    expect(entry).toMatchObject({
      level: 30,
      method: "GET",
      route: "/api/v1/projects/:id",
      status: 200,
      user_id: seed.ann.id,
    });
    expect(typeof entry?.ms).toBe("number");
  });

  it("names no raw path for an unknown page and logs no user when signed out", async () => {
    const { h, requests } = await loggedHarness();
    const res = await h.app.request("/api/no/such/page/42", {
      headers: { "X-Request-Id": "r-404" },
    });
    await res.text();
    const entry = requests().find((e) => e.request_id === "r-404");
    expect(entry).toMatchObject({ method: "GET", status: 404 });
    expect(JSON.stringify(entry)).not.toContain("/no/such/page/42");
    expect(entry?.user_id).toBeUndefined();
  });

  it("follows the level: warn leaves the request lines out", async () => {
    const { h, requests } = await loggedHarness("warn");
    await (await h.app.request("/health")).text();
    expect(requests()).toEqual([]);
  });

  it("never holds the Authorization header, a sign-in password or a token", async () => {
    const { h, seed, lines } = await loggedHarness("trace");
    const token = await h.token(seed.ann.email);
    const sent = async (res: Response | Promise<Response>) => (await res).text();
    await sent(h.call("/api/v1/projects", token));
    await sent(h.call(`/api/v1/projects?accessToken=${token}`, token));
    // A failed sign-in with a password that is not the user's.
    await sent(
      h.app.request("/authentication", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          strategy: "local",
          email: seed.ann.email,
          password: "wrong-Secret-9",
        }),
      }),
    );
    // Re-authentication with the token in the body.
    await sent(
      h.app.request("/authentication", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ strategy: "jwt", accessToken: token }),
      }),
    );
    const out = lines.join("");
    expect(lines.length).toBeGreaterThan(3);
    expect(out).not.toContain(token);
    expect(out).not.toContain(token.split(".")[2]);
    expect(out).not.toContain(TEST_PASSWORD);
    expect(out).not.toContain("wrong-Secret-9");
    expect(out.toLowerCase()).not.toContain("bearer");
    expect(out.toLowerCase()).not.toContain("authorization");
  });
});

describe("request log on a real server", () => {
  it("is written once the answer is sent, with the bytes sent (headers and body)", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "metabuild-log-"));
    const lines: string[] = [];
    const logger = createLogger({ level: "info", destination: { write: (l) => lines.push(l) } });
    const dataDir = join(tmp, "data");
    const config = testConfig({ dataDir, databaseFile: join(dataDir, "metabuild.db") });
    const server = await startServer(config, logger);
    try {
      const res = await fetch(`${server.url}/health`, { headers: { "X-Request-Id": "real-1" } });
      const body = await res.arrayBuffer();
      // The line follows the last byte: wait for it rather than for a time.
      for (let k = 0; k < 100 && !lines.some((l) => l.includes("real-1")); k++)
        await new Promise((r) => setTimeout(r, 10));
      const entry = lines.map((l) => JSON.parse(l)).find((e) => e.request_id === "real-1");
      expect(entry).toMatchObject({
        msg: "request",
        method: "GET",
        route: "/health",
        status: 200,
      });
      // Status line and headers (a few hundred bytes: security headers) plus the body.
      expect(entry.bytes).toBeGreaterThan(body.byteLength + 100);
      expect(entry.bytes).toBeLessThan(body.byteLength + 4096);
    } finally {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
