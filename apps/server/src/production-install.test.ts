import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Build } from "@metabuild/contract";
import { postgresMigrationNames } from "@metabuild/db";
import { testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, freePort, processesWith } from "./testing/server-process.ts";

/**
 * Acceptance (docs/operations.md "Runtime"): `pnpm build`'s server runs on a
 * production install — a copy holding the compiled code and the runtime
 * dependencies only (`pnpm install --prod`, offline from the local store),
 * with no TypeScript tooling — under plain `node`, render workers and SQL
 * executors included.
 */

const repoRoot = join(import.meta.dirname, "../../..");

let copy: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "metabuild-prod-"));
});

afterAll(async () => {
  await server?.kill();
  rmSync(copy, { recursive: true, force: true });
});

describe("a production install", { timeout: 240_000 }, () => {
  it("starts from the compiled code with runtime dependencies only, builds, and stops on SIGTERM", async () => {
    for (const file of ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", "demo"])
      cpSync(join(repoRoot, file), join(copy, file), { recursive: true });
    mkdirSync(join(copy, "apps/server"), { recursive: true });
    cpSync(join(repoRoot, "apps/server/package.json"), join(copy, "apps/server/package.json"));
    execFileSync(
      process.execPath,
      [join(repoRoot, "scripts/build.mjs"), "--only", "server", "--out", copy],
      {
        stdio: "pipe",
      },
    );
    execFileSync(
      "pnpm",
      ["install", "--prod", "--offline", "--frozen-lockfile", "--filter", "@metabuild/server"],
      { cwd: copy, stdio: "pipe", env: { ...process.env, CI: "true" } },
    );
    // No TypeScript tooling and no workspace package is installed: the bundle carries its own code.
    const installed = readdirSync(join(copy, "node_modules/.pnpm"));
    for (const tool of ["tsx@", "typescript@", "esbuild@", "vitest@"])
      expect(installed.filter((name) => name.startsWith(tool))).toEqual([]);
    expect(existsSync(join(copy, "apps/server/node_modules/@metabuild"))).toBe(false);

    const dataDir = join(copy, "data");
    const port = await freePort();
    server = new ServerProcess(
      port,
      { METABUILD_DATA_DIR: dataDir, METABUILD_DEMO: "on", METABUILD_BUILD_WORKERS: "1" },
      copy,
    );
    await server.ready();
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", version: expect.any(String) });
    expect(server.output).toContain("Demo data loaded");
    // The children run the compiled entries beside the bundle.
    const marker = `METABUILD_DATA_DIR=${dataDir}`;
    expect(processesWith("dist/executor-process.js", marker).length).toBeGreaterThan(0);
    expect(processesWith("dist/render-worker.js", marker).length).toBeGreaterThan(0);

    // A build renders in a compiled render worker.
    const auth = await fetch(`${server.url}/authentication`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email: "admin@demo.test", password: "admin-pass" }),
    });
    const { accessToken } = (await auth.json()) as { accessToken: string };
    const started = await fetch(`${server.url}/api/v1/builds`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        project: "DWH",
        instances: [{ pattern: "HUB", folder: "/", name: "*", subfolders: true }],
        wait: true,
      }),
    });
    const { build } = (await started.json()) as { build: Build };
    expect(build.status).toBe("FINISHED");
    expect(build.instances).toBeGreaterThan(0);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("migrates a PostgreSQL store from the compiled code (migrations-pg beside the bundle)", async () => {
    const main = join(copy, "apps/server/dist/main.js");
    expect(existsSync(main)).toBe(true);
    const empty = await testPostgresStore({ migrated: false });
    try {
      const out = execFileSync(process.execPath, [main, "migrate"], {
        cwd: copy,
        env: { ...process.env, METABUILD_DATA_DIR: join(copy, "data"), DATABASE_URL: empty.url },
      }).toString();
      expect(out).toBe(
        `${postgresMigrationNames()
          .map((m) => `Applied migration ${m}\n`)
          .join("")}Store is up to date: ${empty.url}\n`,
      );
    } finally {
      await empty.close();
    }
  });
});
