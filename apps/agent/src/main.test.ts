import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The agent's command line as an operator meets it on a host of its own
 * (docs/agents.md "Installing on another host"): `metabuild-agent --help`
 * and `--version` answer without a server, and the usage names the
 * installed command.
 */

const agentDir = join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(agentDir, "package.json"), "utf8")) as {
  version: string;
  description: string;
};

function agent(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", join(agentDir, "src/main.ts"), ...args], {
    cwd: agentDir,
    env: {
      ...process.env,
      METABUILD_SERVER: "",
      METABUILD_AGENT_ID: "",
      METABUILD_AGENT_SECRET: "",
    },
    encoding: "utf8",
  });
}

describe("metabuild-agent's command line", { timeout: 30_000 }, () => {
  it("--help prints the usage of the installed command on standard output and exits 0", () => {
    for (const flag of ["--help", "-h"]) {
      const run = agent(flag);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^usage: metabuild-agent --server URL --agent-id ID/);
      expect(run.stdout).toContain("METABUILD_AGENT_SECRET");
      expect(run.stdout).not.toContain("pnpm agent");
    }
  });

  it("--version prints the package's version and exits 0", () => {
    const run = agent("--version");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${manifest.version}\n`);
  });

  it("a missing flag exits 2 with the usage on standard error", () => {
    const run = agent();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("missing --server, --agent-id, --secret");
    expect(run.stderr).toContain("usage: metabuild-agent");
  });

  it("its package description names a documentation file that exists", () => {
    const doc = /docs\/[\w-]+\.md/.exec(manifest.description)?.[0];
    expect(doc).toBeDefined();
    expect(existsSync(join(agentDir, "../..", doc as string))).toBe(true);
  });
});
