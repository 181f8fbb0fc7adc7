import { execFileSync, execSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Build } from "@metabuild/contract";
import { postgresMigrationNames } from "@metabuild/db";
import { testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, freePort, processesWith } from "./testing/server-process.ts";

/**
 * Acceptance (README "Run it in production", docs/operations.md "Runtime"):
 * the README's production sequence, run line by line from a fresh copy of
 * the repository, makes a folder holding the compiled code and the runtime
 * dependencies only, where the `metabuild` command works and `node
 * dist/main.js serve` runs under plain `node`, render workers and SQL
 * executors included. The Dockerfile runs the same commands.
 */

const repoRoot = join(import.meta.dirname, "../../..");
const TARGET = "/opt/metabuild";

/** The commands of README's production block (the one after its `production-install` marker). */
function productionSequence(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const block = /<!-- production-install:[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md lacks the production-install block");
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

const sequence = productionSequence();
const [buildSteps, folderSteps] = [
  sequence.slice(0, sequence.indexOf(`cd ${TARGET}`)),
  sequence.slice(sequence.indexOf(`cd ${TARGET}`) + 1),
];

// As an operator runs it: no terminal, and not marked as CI (pnpm asks less there).
const { CI: _ci, ...operatorEnv } = process.env;

let tmp: string;
let folder: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-prod-"));
  folder = join(tmp, "opt/metabuild");
});

afterAll(async () => {
  await server?.kill();
  rmSync(tmp, { recursive: true, force: true });
}, 120_000);

/** A fresh folder holding the repository's files as a checkout has them (no node_modules, no dist). */
function freshCopy(to: string): void {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: repoRoot,
    },
  )
    .toString()
    .split("\0")
    .filter((file) => file && existsSync(join(repoRoot, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(to, file));
  }
}

describe("README's production sequence", { timeout: 600_000 }, () => {
  it("starts with the first admin's command, the same in docs/operations.md", () => {
    expect(sequence).toContain(`cd ${TARGET}`);
    const firstAdmin = folderSteps.find((step) => step.includes("users add"));
    expect(firstAdmin).toMatch(/--customer /);
    expect(readFileSync(join(repoRoot, "docs/operations.md"), "utf8")).toContain(firstAdmin);
  });

  it("is what the Dockerfile runs", () => {
    const dockerfile = readFileSync(join(repoRoot, "Dockerfile"), "utf8");
    const runs = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map((m) => (m[1] as string).trim());
    for (const step of buildSteps) expect(runs).toContain(step.replace(TARGET, "/app"));
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toContain(`CMD ["node", "dist/main.js", "serve"]`);
  });

  it("from a fresh copy: a folder without dev tools where metabuild and serve work", async () => {
    const copy = join(tmp, "repo");
    freshCopy(copy);
    for (const step of buildSteps)
      execSync(step.replace(TARGET, folder), {
        cwd: copy,
        stdio: "pipe",
        env: operatorEnv,
      });

    // No TypeScript tooling and no workspace package: the bundle carries its own code.
    const installed = readdirSync(join(folder, "node_modules/.pnpm"));
    for (const tool of ["tsx@", "typescript@", "esbuild@", "vitest@", "vite@"])
      expect(installed.filter((name) => name.startsWith(tool))).toEqual([]);
    expect(existsSync(join(folder, "node_modules/@metabuild"))).toBe(false);
    expect(existsSync(join(folder, "src"))).toBe(false);

    // The documented CLI works there, on an empty store: the first administrator.
    const adminData = join(tmp, "admin-data");
    const env = { ...operatorEnv, METABUILD_DATA_DIR: adminData, DATABASE_URL: "" };
    const usersAdd = folderSteps.find((step) => step.includes("users add")) as string;
    const added = execSync(`${usersAdd} --password-stdin`, {
      cwd: folder,
      env,
      input: "first-admin-pass\n",
    }).toString();
    expect(added).toContain("Added admin admin@example.com to customer ACME");
    expect(execSync("pnpm --silent metabuild --version", { cwd: folder, env }).toString()).toMatch(
      /^metabuild \d+\.\d+\.\d+/,
    );

    // `node dist/main.js serve`, with the demo: console, children from dist/, a build.
    expect(folderSteps).toContain("node dist/main.js serve");
    const dataDir = join(tmp, "data");
    const port = await freePort();
    server = new ServerProcess(
      port,
      { METABUILD_DATA_DIR: dataDir, METABUILD_DEMO: "on", METABUILD_BUILD_WORKERS: "1" },
      folder,
    );
    await server.ready();
    const health = await fetch(`${server.url}/health`);
    expect(await health.json()).toMatchObject({ status: "ok", version: expect.any(String) });
    expect(server.output).toContain("Demo data loaded");
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const marker = `METABUILD_DATA_DIR=${dataDir}`;
    expect(processesWith("dist/executor-process.js", marker).length).toBeGreaterThan(0);

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
    // Render workers start with the first build (docs/performance.md), from dist/ too.
    expect(processesWith("dist/render-worker.js", marker).length).toBeGreaterThan(0);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("migrates a PostgreSQL store from the folder (migrations-pg beside the bundle)", async () => {
    const main = join(folder, "dist/main.js");
    expect(existsSync(main)).toBe(true);
    const empty = await testPostgresStore({ migrated: false });
    try {
      const out = execFileSync(process.execPath, [main, "migrate"], {
        cwd: folder,
        env: { ...process.env, METABUILD_DATA_DIR: join(tmp, "data"), DATABASE_URL: empty.url },
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
