import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TEST_PASSWORD, createHarness, seedBasic } from "../testing/harness.ts";

/**
 * Issue 16 item 6: METABUILD_BASE_PATH serves the console and the API under
 * a sub-path (docs/http-edge.md "Base path").
 */
function consoleDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mb-console-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html><head><script type="module" src="./assets/index-B7x_9kQa.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dir, "assets", "index-B7x_9kQa.js"), "console.log(1);");
  return dir;
}

async function setup() {
  const h = createHarness({ basePath: "/mb", consoleDir: consoleDir() });
  await seedBasic(h.db);
  const signIn = (origin?: string) =>
    h.app.request("http://localhost/mb/authentication", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Host: "localhost",
        ...(origin ? { Origin: origin } : {}),
      },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
    });
  return { h, signIn };
}

describe("base path: happy path", () => {
  it("serves the API, health and sign-in under the base path", async () => {
    const { h, signIn } = await setup();
    expect((await h.app.request("/mb/health")).status).toBe(200);
    const res = await signIn();
    expect(res.status).toBe(201);
    const { accessToken } = (await res.json()) as { accessToken: string };
    const projects = await h.app.request("/mb/api/v1/projects", {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(projects.status).toBe(200);
  });

  it("limits the session cookie to the base path", async () => {
    const { signIn } = await setup();
    const res = await signIn("http://localhost");
    expect(res.headers.get("set-cookie")).toMatch(/metabuild_session=[^;]+;.*Path=\/mb(;|$)/);
  });

  it("serves the console's page with <base href> at any depth, and its files", async () => {
    const { h } = await setup();
    for (const path of ["/mb", "/mb/", "/mb/projects/1/instances"]) {
      const page = await h.app.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<head><base href="/mb/">');
    }
    const asset = await h.app.request("/mb/assets/index-B7x_9kQa.js");
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe("console.log(1);");
  });

  it("points Swagger UI and the OpenAPI document at the base path", async () => {
    const { h } = await setup();
    const page = await (await h.app.request("/mb/api/docs")).text();
    expect(page).toContain('src="/mb/api/docs/init.js"');
    expect(page).toContain('href="/mb/api/docs/assets/swagger-ui.css"');
    expect(await (await h.app.request("/mb/api/docs/init.js")).text()).toContain(
      'url: "/mb/api/v1/openapi.json"',
    );
    const doc = (await (await h.app.request("/mb/api/v1/openapi.json")).json()) as {
      servers: { url: string }[];
    };
    expect(doc.servers).toEqual([{ url: "/mb" }]);
  });

  it("sends / to the base path", async () => {
    const { h } = await setup();
    const res = await h.app.request("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mb/");
  });
});

describe("base path: errors", () => {
  it("answers 404 outside the base path, for the API as for the console", async () => {
    const { h } = await setup();
    for (const path of ["/health", "/api/v1/projects", "/projects", "/mbx/health"]) {
      const res = await h.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it("reads METABUILD_BASE_PATH with or without slashes and refuses odd ones", () => {
    const env = { METABUILD_DATA_DIR: mkdtempSync(join(tmpdir(), "mb-config-")) };
    expect(loadConfig(env).basePath).toBe("");
    expect(loadConfig({ ...env, METABUILD_BASE_PATH: "/" }).basePath).toBe("");
    expect(loadConfig({ ...env, METABUILD_BASE_PATH: "/metabuild/" }).basePath).toBe("/metabuild");
    expect(loadConfig({ ...env, METABUILD_BASE_PATH: "tools/mb" }).basePath).toBe("/tools/mb");
    expect(() => loadConfig({ ...env, METABUILD_BASE_PATH: "/a b" })).toThrow(
      "METABUILD_BASE_PATH must be a URL path such as /metabuild (letters, digits, - . _ ~ between slashes), not '/a b'",
    );
  });
});
