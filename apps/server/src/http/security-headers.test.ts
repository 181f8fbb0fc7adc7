import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";

/** Issue 12 item 8: security headers on every response (docs/http-edge.md). */
let h: Harness;
let token: string;
beforeAll(async () => {
  const consoleDir = mkdtempSync(join(tmpdir(), "metabuild-console-"));
  mkdirSync(join(consoleDir, "assets"));
  writeFileSync(join(consoleDir, "index.html"), "<!doctype html><title>console</title>");
  writeFileSync(join(consoleDir, "assets", "app.js"), "export {};");
  h = createHarness({ consoleDir });
  await seedBasic(h.db);
  token = await h.token("ann@acme.test");
});

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/(^|;\s*)default-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
  expect(csp).toMatch(/(^|;\s*)object-src 'none'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
}

describe("security headers", () => {
  it.each([
    ["the console page", "/", 200],
    ["a console route (single-page app)", "/projects/1", 200],
    ["a console asset", "/assets/app.js", 200],
    ["the health check", "/health", 200],
    ["the API reference", "/api/docs", 200],
    ["its script", "/api/docs/init.js", 200],
    ["an unknown API path", "/api/v1/nothing", 404],
  ])("are on %s", async (_what, path, status) => {
    const res = await h.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it("are on answers of the API and on its errors", async () => {
    const ok = await h.call("/api/v1/projects", token);
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    const unauthenticated = await h.app.request("/api/v1/projects");
    expect(unauthenticated.status).toBe(401);
    expectSecurityHeaders(unauthenticated);
    const refused = await h.call("/api/v1/projects", token, { method: "DELETE" });
    expect(refused.status).toBe(405);
    expectSecurityHeaders(refused);
  });
});
