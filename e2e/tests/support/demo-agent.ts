import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");
/** The demo agent of demo/demo.yaml (group `local`). */
export const demoAgent = {
  id: "00000000-0000-4000-8000-00000000de70",
  secret: "local-demo-secret",
};

/**
 * Starts the demo agent (or `who`) against `server` (docs/agents.md). With `config` it
 * uses that agent.yaml; without, one of its own whose targets point into a
 * temporary folder, not the repository. `stop()` ends it and removes that folder.
 */
export function startDemoAgent(
  server: string,
  config?: string,
  who: { id: string; secret: string } = demoAgent,
): { stop(): void } {
  let dir: string | undefined;
  if (!config) {
    dir = mkdtempSync(join(tmpdir(), "metabuild-e2e-agent-"));
    config = join(dir, "agent.yaml");
    writeFileSync(
      config,
      `directory_root: ${dir}\ndatabases:\n  default: { sqlite: ${join(dir, "dwh.db")} }\n`,
    );
  }
  const agent: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "apps/agent/src/main.ts"),
      "--server",
      server,
      "--agent-id",
      who.id,
      "--config",
      config,
    ],
    {
      cwd: root,
      env: { ...process.env, METABUILD_AGENT_SECRET: who.secret },
      stdio: "ignore",
    },
  );
  return {
    stop() {
      agent.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
