import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const repoRoot = join(import.meta.dirname, "../../../..");
const cliMain = join(repoRoot, "apps/server/src/cli/main.ts");
const tsxCli = join(repoRoot, "node_modules/tsx/dist/cli.mjs");

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

/**
 * A real `metabuild serve` process (as e2e/global-setup.ts starts it), on a
 * data directory of the test's. Started as `node --import tsx`, so SIGKILL
 * reaches the server itself, not a tsx wrapper; `launcher: "tsx"` starts it
 * through tsx's own launcher instead, as `pnpm metabuild serve` does.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  output = "";
  readonly exited: Promise<number | null>;

  /**
   * `from`: a production folder (`scripts/deploy.mjs`), run as `node dist/main.js serve` there
   * (production-install.test.ts); `launcher: "tsx"` runs the source as `pnpm metabuild serve` does.
   */
  constructor(
    port: number,
    env: Record<string, string>,
    from?: string,
    launcher: "node" | "tsx" = "node",
  ) {
    this.url = `http://127.0.0.1:${port}`;
    const args = from
      ? [join(from, "dist/main.js"), "serve"]
      : launcher === "tsx"
        ? [tsxCli, cliMain, "serve"]
        : ["--import", "tsx", cliMain, "serve"];
    this.child = spawn(process.execPath, args, {
      cwd: from ?? repoRoot,
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (d: Buffer) => {
      this.output += d.toString();
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  /** Resolves when /health answers; rejects when the process exits first. */
  async ready(limitMs = 90_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null)
        throw new Error(`the server exited with ${this.child.exitCode}:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not become ready:\n${this.output}`);
  }

  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill(signal);
      await this.exited;
    }
  }
}

/**
 * Process ids whose command line names `script` and whose environment holds
 * `marker` (e.g. `METABUILD_DATA_DIR=<the test's dir>`): children inherit
 * the environment, so this finds a server's children even after they were
 * re-parented.
 */
export function processesWith(script: string, marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (!cmdline.includes(script)) continue;
      const environ = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      if (environ.includes(marker)) found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
