import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Build, BuildDeployment } from "@metabuild/contract";
import { findAgentById } from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { AgentProcess } from "../../testing/agent-process.ts";
import { PASSWORD, SECRET, seedStore } from "../../testing/agent-seed.ts";

/**
 * Acceptance (docs/agents.md "Installing on another host"): the agent's
 * tarball (`pnpm pack` in apps/agent) installs with npm into an empty folder
 * with no network and no other part of the workspace, and the installed
 * `metabuild-agent` command runs a deployment against a real server.
 */

const agentDir = join(import.meta.dirname, "../../../../agent");
const silent = { info() {}, warn() {}, error() {} };

let tmp: string;
let server: RunningServer;
let token: string;
let agent: AgentProcess | undefined;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  return (await res.json()) as T;
}

async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until)
      throw new Error(`Timed out waiting for ${what}; the agent said:\n${agent?.output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-agent-package-"));
});

afterAll(async () => {
  await agent?.kill();
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("the agent's npm package", { timeout: 240_000 }, () => {
  it("installs from its tarball alone, runs a directory deployment, names a missing SQLite driver", async () => {
    // `pnpm pack` builds dist/ first (prepack).
    const packs = join(tmp, "packs");
    execFileSync("pnpm", ["pack", "--pack-destination", packs], { cwd: agentDir, stdio: "pipe" });
    const [tarball] = readdirSync(packs);
    expect(tarball).toMatch(/\.tgz$/);

    // An empty folder and an empty npm cache, offline: nothing but the tarball is there to use.
    const host = join(tmp, "host");
    mkdirSync(host);
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        host,
        "--offline",
        "--cache",
        join(tmp, "npm-cache"),
        "--no-audit",
        "--no-fund",
        join(packs, tarball as string),
      ],
      { cwd: host, stdio: "pipe" },
    );
    const program = join(host, "node_modules/.bin/metabuild-agent");
    expect(existsSync(program)).toBe(true);
    // The installed command answers --version and --help by itself, naming itself.
    const version = JSON.parse(readFileSync(join(agentDir, "package.json"), "utf8")).version;
    expect(execFileSync(program, ["--version"]).toString()).toBe(`${version}\n`);
    expect(execFileSync(program, ["--help"]).toString()).toMatch(/^usage: metabuild-agent /);
    expect(readdirSync(join(host, "node_modules")).filter((n) => !n.startsWith("."))).toEqual([
      "@metabuild",
    ]);

    const dataDir = join(tmp, "data");
    server = await startServer(
      testConfig({ dataDir, databaseFile: join(dataDir, "metabuild.db"), port: 0 }),
      silent,
    );
    const ids = await seedStore(server.deps.db);
    token = (
      await api<{ accessToken: string }>("/authentication", {
        method: "POST",
        body: JSON.stringify({ strategy: "local", email: "admin@acme.test", password: PASSWORD }),
      })
    ).accessToken;
    const { build } = await api<{ build: Build }>("/api/v1/builds", {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        instances: [{ pattern: "HUB", folder: "/", name: "*" }],
        wait: true,
      }),
    });
    expect(build.status).toBe("FINISHED");

    writeFileSync(
      join(tmp, "agent.yaml"),
      "directory_root: ./deploy\ndatabases:\n  default: { sqlite: ./target.db }\n",
    );
    agent = new AgentProcess({
      server: server.url,
      agentId: ids.runner.agentId,
      secret: SECRET,
      config: join(tmp, "agent.yaml"),
      program,
    });
    await waitFor(
      "the agent to come online",
      async () => (await findAgentById(server.deps.db, ids.acme.id, ids.runner.id))?.online === 1,
    );
    const deploy = async (deployment: string) => {
      const created = await api<BuildDeployment>("/api/v1/build_deployments", {
        method: "POST",
        body: JSON.stringify({ build_id: build.id, deployment, agent_id: ids.runner.id }),
      });
      return waitFor("the run to end", async () => {
        const run = await api<BuildDeployment>(`/api/v1/build_deployments/${created.id}`);
        return run.status === "SUCCEEDED" || run.status === "FAILED" ? run : undefined;
      });
    };
    const done = await deploy("to-folder");
    expect(done.status, done.log).toBe("SUCCEEDED");
    expect(readFileSync(join(tmp, "deploy/out/docs/CUSTOMER.md"), "utf8")).toBe(
      "# CUSTOMER of DWH\n",
    );
    // Offline, npm left out the optional native driver: a SQLite target says what is missing.
    const sqlite = await deploy("to-db");
    expect(sqlite.status).toBe("FAILED");
    expect(sqlite.log).toContain("SQLite targets need better-sqlite3");
  });
});
